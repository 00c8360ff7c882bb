import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminOrderListQuery, adminOrderListSchema } from '@store/contracts/admin/orders';
import { adminRequest } from '@/lib/api-client';

export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** GET /admin/orders: one page of the Orders table, filtered in SQL. */
export const ordersQueryOptions = (query: AdminOrderListQuery) =>
  queryOptions({
    queryKey: ['admin', 'orders', query],
    queryFn: ({ signal }) => adminRequest<AdminOrderList>('/orders', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useOrders = (query: AdminOrderListQuery) => useQuery(ordersQueryOptions(query));
