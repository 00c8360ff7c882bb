import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCustomerSchema } from '@store/contracts/admin/people';
import { adminRequest } from '@/lib/api-client';

export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** GET /admin/customers/:id: details and orders (never a password or token). */
export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) =>
      adminRequest<AdminCustomer>(`/customers/${encodeURIComponent(id)}`, { signal }),
  });

export const useCustomer = (id: string) => useQuery(customerQueryOptions(id));
