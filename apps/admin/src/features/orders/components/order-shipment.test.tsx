import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderShipment } from '@store/contracts/admin/orders';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { catchSavedFiles } from '@/test/saved-files';
import { OrderShipment } from './order-shipment';

const couriers = [{ id: 'shiprocket', label: 'Shiprocket' }];
const booked: AdminOrderShipment = {
  couriers,
  canBook: false,
  shipment: {
    courier: 'shiprocket',
    courierLabel: 'Shiprocket',
    courierName: 'Delhivery Surface',
    awb: '190414247515',
    status: 'awaiting_pickup',
    lastEventStatus: null,
    lastEventAt: null,
    pickupScheduledFor: '2026-11-30 10:00:00',
    labelAvailable: true,
    complete: true,
    createdAt: '2026-11-28T10:00:00.000Z',
  },
};

afterEach(() => vi.restoreAllMocks());

describe('order shipment (back office)', () => {
  it('books the shipment, then shows the courier, AWB and tracking, and prints the label with the staff token', async () => {
    let answer: AdminOrderShipment = { couriers, shipment: null, canBook: true };
    let posted = 0;
    let labelAuth: string | null = null;
    server.use(
      http.get(`${ADMIN_API}/orders/K7M2QX9P/shipment`, () => HttpResponse.json(answer)),
      http.post(`${ADMIN_API}/orders/K7M2QX9P/shipment`, () => {
        posted++;
        answer = booked;
        return HttpResponse.json(booked);
      }),
      http.get(`${ADMIN_API}/orders/K7M2QX9P/shipment/label.pdf`, ({ request }) => {
        labelAuth = request.headers.get('authorization');
        return new HttpResponse(new TextEncoder().encode('%PDF-1.4'), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'inline; filename="label-K7M2QX9P-190414247515.pdf"',
          },
        });
      }),
    );
    const saved = catchSavedFiles();
    renderWithProviders(<OrderShipment orderId="K7M2QX9P" />, { role: 'staff' });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Book shipment with Shiprocket' }),
    );
    expect(await screen.findByText('190414247515')).toBeInTheDocument();
    expect(posted).toBe(1);
    expect(screen.getByText('Delhivery Surface (via Shiprocket)')).toBeInTheDocument();
    expect(screen.getByText('Awaiting pickup')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Book shipment/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Print label' }));
    await vi.waitFor(() => expect(saved).toEqual(['label-K7M2QX9P-190414247515.pdf']));
    expect(labelAuth).toBe('Bearer token-staff');
  });

  it('says a booking stopped part-way and offers Book shipment again, without a label yet', async () => {
    server.use(
      http.get(`${ADMIN_API}/orders/K7M2QX9P/shipment`, () =>
        HttpResponse.json({
          couriers,
          canBook: true,
          shipment: {
            ...booked.shipment!,
            awb: null,
            courierName: null,
            complete: false,
            labelAvailable: false,
          },
        }),
      ),
    );
    renderWithProviders(<OrderShipment orderId="K7M2QX9P" />, { role: 'staff' });
    expect(
      await screen.findByText('The booking stopped part-way; Book shipment again continues it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book shipment with Shiprocket' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Print label' })).not.toBeInTheDocument();
  });

  it('shows nothing when no courier account is set up (staff ship by hand)', async () => {
    let asked = false;
    server.use(
      http.get(`${ADMIN_API}/orders/K7M2QX9P/shipment`, () => {
        asked = true;
        return HttpResponse.json({ couriers: [], shipment: null, canBook: false });
      }),
    );
    renderWithProviders(<OrderShipment orderId="K7M2QX9P" />, { role: 'staff' });
    await vi.waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Shipment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Book shipment/ })).not.toBeInTheDocument();
  });
});
