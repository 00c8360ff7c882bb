import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@store/contracts/orders';
import type { ShopperReturn } from '@store/contracts/returns';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { orderFixture } from '@/features/orders/test/order-fixture';
import { Component as OrdersRoute } from './orders-route';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const delivered = (over: Partial<Order> = {}) =>
  orderFixture({ id: 'DELIV1', status: 3, returnableUntil: inDays(5), returns: [], ...over });

const cardOf = async (id: string) =>
  (await screen.findByRole('heading', { name: `Order #${id}` })).closest(
    '.rounded-xl',
  ) as HTMLElement;

describe('Request a return on My Orders', () => {
  beforeEach(() => setAuthToken('token'));

  it('asks for items and a reason, uploads a photo, and sends one request', async () => {
    const sent: unknown[] = [];
    const uploads: string[] = [];
    server.use(
      http.get(`${API}/orders`, () => HttpResponse.json([delivered()])),
      http.post(`${API}/returns/photos`, ({ request }) => {
        uploads.push(request.headers.get('content-type') ?? '');
        return HttpResponse.json({ imageId: 'img1', url: '/media/img1/320.webp' }, { status: 201 });
      }),
      http.post(`${API}/orders/:id/returns`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const user = userEvent.setup();
    await user.click(
      within(await cardOf('DELIV1')).getByRole('button', { name: 'Request a return' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a return' });

    await user.click(within(dialog).getByRole('button', { name: 'Send return request' }));
    expect(await within(dialog).findByText('Choose at least one item to return')).toBeVisible();
    expect(within(dialog).getByText('Tell us why you are returning these items')).toBeVisible();
    expect(sent).toEqual([]);

    // two A5 Diaries were delivered: 0 to 2 may be returned
    const diary = within(dialog).getByLabelText('A5 Diary');
    expect(
      within(diary)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2']);
    await user.selectOptions(diary, '1');
    await user.type(
      within(dialog).getByLabelText('Why are you returning them?'),
      'The cover arrived torn',
    );
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'torn.png', {
      type: 'image/png',
    });
    await user.upload(within(dialog).getByLabelText('Photos (optional)'), photo);
    expect(await within(dialog).findByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      '/media/img1/320.webp',
    );
    expect(uploads).toEqual(['image/png']);

    await user.click(within(dialog).getByRole('button', { name: 'Send return request' }));
    await expectToast('Return requested');
    expect(sent).toEqual([
      {
        lines: [{ orderItemId: 'i1', quantity: 1 }],
        reason: 'The cover arrived torn',
        photos: ['img1'],
      },
    ]);
  });

  it('shows the state of a return and offers no second request while it is open', async () => {
    const approved: ShopperReturn = {
      id: 'RET1',
      status: 'approved',
      createdAt: '2026-11-24T05:00:00.000Z',
      reason: 'Torn',
      lines: [{ orderItemId: 'i1', productTitle: 'A5 Diary', quantity: 1 }],
      photos: [],
      instructions: 'Hand it to the India Post counter with the order number',
      rejectionReason: null,
      refunded: null,
      history: [
        { status: 'requested', at: '2026-11-24T05:00:00.000Z' },
        { status: 'approved', at: '2026-11-24T09:30:00.000Z' },
      ],
    };
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([
          delivered({ returns: [approved] }),
          delivered({ id: 'LATE1', returnableUntil: inDays(-1) }),
        ]),
      ),
    );
    renderWithProviders(<OrdersRoute />, { route: '/orders', path: '/orders' });
    const card = await cardOf('DELIV1');
    const returns = within(card).getByRole('region', { name: 'Returns' });
    expect(returns).toHaveTextContent('Return approved');
    expect(returns).toHaveTextContent(
      'How to send it back: Hand it to the India Post counter with the order number',
    );
    expect(returns).toHaveTextContent('Return requested24 Nov 2026, 10:30 am');
    expect(within(card).queryByRole('button', { name: 'Request a return' })).toBeNull();
    await waitFor(() =>
      expect(
        within(
          screen.getByRole('heading', { name: 'Order #LATE1' }).closest('.rounded-xl')!,
        ).queryByRole('button', { name: 'Request a return' }),
      ).toBeNull(),
    );
  });
});
