import { screen, within } from '@testing-library/react';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { RecordRefundForm, ShipForm } from './action-forms';

async function ship(carrier: string, tracking: string) {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Carrier'), carrier);
  await user.type(screen.getByLabelText('Tracking number'), tracking);
  await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
}

describe('Mark shipped', () => {
  it("refuses an India Post number with a wrong check digit, with the contract's message", async () => {
    const run = vi.fn();
    renderWithProviders(<ShipForm run={run} />);
    await ship('India Post', 'EE123456784IN');
    expect(
      await screen.findByText(
        'This India Post number has a wrong check digit: check it against the receipt',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a number in another carrier's format", async () => {
    const run = vi.fn();
    renderWithProviders(<ShipForm run={run} />);
    await ship('India Post', '12345678');
    expect(await screen.findByText('India Post numbers look like EE123456785IN')).toBeVisible();
    expect(run).not.toHaveBeenCalled();
  });

  it('sends a good number normalised', async () => {
    const run = vi.fn().mockResolvedValue({});
    renderWithProviders(<ShipForm run={run} />);
    await ship('India Post', 'ee 123456785 in');
    await expect.poll(() => run.mock.calls.length).toBe(1);
    expect(run).toHaveBeenCalledWith({
      kind: 'ship',
      body: { carrier: 'India Post', trackingNumber: 'EE123456785IN' },
    });
  });

  it("puts the server's field message on the field", async () => {
    const run = vi.fn().mockRejectedValue(
      new ApiError(400, 'Invalid input', {
        fields: { trackingNumber: 'Already used on another order' },
      }),
    );
    renderWithProviders(<ShipForm run={run} />);
    await ship('Blue Dart', '12345678');
    expect(await screen.findByText('Already used on another order')).toBeInTheDocument();
    expect(screen.queryByText('Invalid input')).toBeNull();
  });
});

const payment = (
  over: Partial<AdminOrderDetail['payments'][number]>,
): AdminOrderDetail['payments'][number] => ({
  id: 'PAY1',
  provider: 'sandbox',
  method: 'card',
  status: 'succeeded',
  amountPaise: 64_900,
  providerReference: null,
  payerVpa: null,
  needsRefund: true,
  refundedPaise: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  refunds: [],
  ...over,
});

const cancelledPaid = (payments: AdminOrderDetail['payments']) =>
  ({ refundablePaise: 64_900, payments }) as AdminOrderDetail;

describe('Record refund', () => {
  it('lists the payment that took the money, preselected, and sends the typed reference', async () => {
    const run = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <RecordRefundForm
        run={run}
        order={cancelledPaid([payment({ id: 'FAILED', status: 'failed' }), payment({})])}
      />,
    );
    const user = userEvent.setup();
    const choice = screen.getByLabelText('Payment');
    expect(choice).toHaveValue('PAY1');
    expect(within(choice).queryByRole('option', { name: /FAILED/ })).toBeNull();
    await user.type(screen.getByLabelText('Reference'), 'UTR123456789012');
    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    await expect.poll(() => run.mock.calls.length).toBe(1);
    expect(run).toHaveBeenCalledWith({
      kind: 'record_refund',
      body: { paymentId: 'PAY1', amount: 649, reference: 'UTR123456789012' },
    });
  });

  it('refunds a PayU payment through PayU: no reference to type, and a double click is one refund', async () => {
    let settle: (v: unknown) => void = () => {};
    const run = vi.fn().mockReturnValue(new Promise((resolve) => (settle = resolve)));
    renderWithProviders(
      <RecordRefundForm
        run={run}
        order={cancelledPaid([payment({ provider: 'payu', providerReference: '403993715521' })])}
      />,
    );
    expect(screen.queryByLabelText('Reference')).toBeNull();
    expect(screen.getByText(/PayU is asked to refund this payment/)).toBeVisible();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Record refund' });
    await user.dblClick(button);
    await expect.poll(() => run.mock.calls.length).toBe(1);
    expect(button).toBeDisabled();
    settle({});
    const [{ body }] = run.mock.calls[0] as [{ body: { reference: string } }];
    expect(body.reference).toMatch(/^BO-[0-9A-F]{8}$/);
    expect(await screen.findByText('Refund asked of PayU')).toBeVisible();
  });

  it('refunds a Razorpay payment through Razorpay, named as such', async () => {
    const run = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <RecordRefundForm
        run={run}
        order={cancelledPaid([payment({ provider: 'razorpay', providerReference: 'pay_Fake1' })])}
      />,
    );
    expect(screen.queryByLabelText('Reference')).toBeNull();
    expect(screen.getByText(/Razorpay is asked to refund this payment/)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('Refund asked of Razorpay')).toBeVisible();
  });

  it('leaves out a payment already refunded in full, or asked of PayU in full', () => {
    renderWithProviders(
      <RecordRefundForm
        run={vi.fn()}
        order={cancelledPaid([
          payment({ id: 'DONE', refundedPaise: 64_900 }),
          payment({
            id: 'ASKED',
            provider: 'payu',
            refunds: [
              {
                id: 'R1',
                amountPaise: 64_900,
                reference: 'BO-1',
                status: 'requested',
                createdAt: '',
              },
            ],
          }),
          payment({ id: 'HALF', refundedPaise: 30_000 }),
        ])}
      />,
    );
    const options = within(screen.getByLabelText('Payment')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose the payment',
      'sandbox HALF · ₹649.00 (₹349.00 refundable)',
    ]);
  });
});
