import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeldStockResponse } from '@store/contracts/admin/held-stock';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/held-stock: every shopper holding stock without money, most units first. */
export const heldStockQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'held-stock'],
    queryFn: ({ signal }) => adminRequest<HeldStockResponse>('/held-stock', { signal }),
  });

export const useHeldStock = () => useQuery(heldStockQueryOptions());
