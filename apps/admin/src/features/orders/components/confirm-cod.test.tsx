import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { OrderDetail } from './order-detail';

const unconfirmed: AdminOrderDetail = {
  id: 'B3N8RT5W2C',
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:01:00.000Z',
  userId: '5f0c7d2e-1111-4a6b-9c1d-2e3f4a5b6c7d',
  customerName: 'Ravi Kumar',
  contactEmail: 'ravi@example.in',
  contactPhone: '9876543210',
  itemCount: 2,
  totalPaise: 48000,
  payment: 'unpaid',
  status: 1,
  codStatus: 'to_collect',
  codConfirmedAt: null,
  shippingAddress: {
    fullName: 'Ravi Kumar',
    address: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    phone: '+919876543210',
  },
  carrier: null,
  trackingNumber: null,
  cancelReason: null,
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
  payments: [],
  notifications: [],
  timeline: [],
  notes: [],
  actions: ['ship', 'cancel', 'confirm_cod'],
  refundablePaise: 0,
  documents: [],
};

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
