import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/orders/:id: the order page (items, address, payments, timeline, allowed actions). */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: ({ signal }) =>
      adminRequest<AdminOrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
