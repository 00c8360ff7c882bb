import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminReturnDetail } from '@store/contracts/admin/returns';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { ReturnDetail } from './return-detail';

function returnFixture(over: Partial<AdminReturnDetail> = {}): AdminReturnDetail {
  return {
    id: 'RETABC1234',
    orderId: 'K7M2QX9PAB',
    createdAt: '2026-11-24T05:00:00.000Z',
    customerName: 'Asha Rao',
    contactEmail: 'asha@example.in',
    itemCount: 1,
    valuePaise: 24950,
    status: 'requested',
    reason: 'The cover arrived torn',
    photos: ['/media/img1/320.webp'],
    instructions: null,
    rejectionReason: null,
    lines: [
      {
        orderItemId: 'i1',
        title: 'A5 Diary',
        size: null,
        color: 'Maroon',
        quantity: 1,
        ordered: 2,
        valuePaise: 24950,
      },
    ],
    refundedPaise: 0,
    payments: [{ id: 'PAY1234567', provider: 'sandbox', method: 'card', refundablePaise: 59800 }],
    creditNotes: [],
    history: [{ status: 'requested', at: '2026-11-24T05:00:00.000Z' }],
    actions: ['approve', 'reject'],
    ...over,
  };
}

describe('a return in the back office', () => {
  it('approves only with instructions, and sends them', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(`${ADMIN_API}/returns/:id/approve`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(returnFixture({ status: 'approved', actions: ['receive'] }));
      }),
    );
    renderWithProviders(<ReturnDetail detail={returnFixture()} />);
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      '/media/img1/320.webp',
    );
    const user = userEvent.setup();
    const approve = screen.getByRole('form', { name: 'Approve' });
    await user.click(within(approve).getByRole('button', { name: 'Approve return' }));
    expect(
      await within(approve).findByText('Tell the shopper how to send the items back'),
    ).toBeVisible();
    expect(posted).toEqual([]);
    await user.type(
      within(approve).getByLabelText('Instructions for the shopper'),
      'Post it to our Kolkata address',
    );
    await user.click(within(approve).getByRole('button', { name: 'Approve return' }));
    await expect.poll(() => posted).toEqual([{ instructions: 'Post it to our Kolkata address' }]);
  });

  it('rejects with a reason, and shows the server’s refusal', async () => {
    server.use(
      http.post(`${ADMIN_API}/returns/:id/reject`, () =>
        HttpResponse.json(
          { error: 'This return is approved: it cannot be rejected', code: 'conflict' },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<ReturnDetail detail={returnFixture()} />);
    const user = userEvent.setup();
    const reject = screen.getByRole('form', { name: 'Reject' });
    await user.type(within(reject).getByLabelText('Reason the shopper sees'), 'Used');
    await user.click(within(reject).getByRole('button', { name: 'Reject return' }));
    expect(
      await within(reject).findByText('This return is approved: it cannot be rejected'),
    ).toBeVisible();
  });

  it('refunds part of a received return from the preselected payment', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(`${ADMIN_API}/returns/:id/refund`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(returnFixture({ status: 'refunded', actions: [] }));
      }),
    );
    renderWithProviders(
      <ReturnDetail detail={returnFixture({ status: 'received', actions: ['refund'] })} />,
    );
    expect(screen.queryByRole('form', { name: 'Approve' })).toBeNull();
    const refund = screen.getByRole('form', { name: 'Refund' });
    expect(within(refund).getByLabelText('Payment')).toHaveValue('PAY1234567');
    const amount = within(refund).getByLabelText('Amount (₹)');
    expect(amount).toHaveValue(249.5);
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(within(refund).getByLabelText('Reference'), 'UTR998877');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    await expect
      .poll(() => posted)
      .toEqual([{ paymentId: 'PAY1234567', amount: 100, reference: 'UTR998877' }]);
  });
});
