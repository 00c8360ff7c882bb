import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_API, server } from '@/test/msw-server';
import { orderDetailFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderDetail } from './order-detail';

const unconfirmed = orderDetailFixture({
  id: 'B3N8RT5W2C',
  itemCount: 2,
  totalPaise: 48000,
  payment: 'unpaid',
  status: 1,
  codStatus: 'to_collect',
  codConfirmedAt: null,
  items: [
    {
      productId: null,
      title: 'Spiral Notebook',
      size: null,
      color: null,
      quantity: 2,
      unitPricePaise: 24000,
    },
  ],
  actions: ['ship', 'cancel', 'confirm_cod'],
  refundablePaise: 0,
});

describe('Confirm order (cash on delivery)', () => {
  it('says the order lapses unless confirmed, and confirms it on the server', async () => {
    let posted = false;
    server.use(
      http.post(`${ADMIN_API}/orders/B3N8RT5W2C/cod-confirmation`, () => {
        posted = true;
        return HttpResponse.json({
          ...unconfirmed,
          codConfirmedAt: '2026-11-23T10:00:00.000Z',
          actions: ['ship', 'cancel'],
        });
      }),
    );
    renderWithProviders(<OrderDetail order={unconfirmed} />, { role: 'staff' });
    expect(screen.getByText(/Not confirmed yet/)).toHaveTextContent(
      'it is cancelled and its stock returned unless you confirm or ship it in time',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await expect.poll(() => posted).toBe(true);
    expect(await screen.findByText('Order confirmed for cash on delivery')).toBeInTheDocument();
  });

  it('is not offered once confirmed, and says when', () => {
    renderWithProviders(
      <OrderDetail
        order={{
          ...unconfirmed,
          codConfirmedAt: '2026-11-23T10:00:00.000Z',
          actions: ['ship', 'cancel'],
        }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
    expect(screen.getByText(/confirmed 23 Nov 2026, 3:30 pm/)).toBeInTheDocument();
  });
});
