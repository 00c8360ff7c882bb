import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderShipment } from '@store/contracts/admin/orders';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

const base = (id: string) => `/orders/${encodeURIComponent(id)}/shipment`;

/** GET /admin/orders/:id/shipment: the parcel booked with a courier, and the couriers set up. */
export const orderShipmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'order', id, 'shipment'],
    queryFn: ({ signal }) => adminRequest<AdminOrderShipment>(base(id), { signal }),
  });

export const useOrderShipment = (id: string) => useQuery(orderShipmentQueryOptions(id));

/** POST /admin/orders/:id/shipment (Book shipment); the order page and lists refresh after it. */
export const useBookShipment = (id: string) =>
  useAdminMutation(() => adminRequest<AdminOrderShipment>(base(id), { method: 'POST', body: {} }));

/** GET …/shipment/label.pdf with the staff token, saved (then opened from the downloads to print). */
export const downloadShipmentLabel = (id: string) =>
  downloadFile(`${base(id)}/label.pdf`, {
    accept: 'application/pdf',
    fallbackName: `label-${id}.pdf`,
  });
