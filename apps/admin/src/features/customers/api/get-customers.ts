import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminCustomerListQuerySchema,
  adminCustomerListSchema,
} from '@store/contracts/admin/people';
import { adminRequest } from '@/lib/api-client';

export type AdminCustomerList = z.infer<typeof adminCustomerListSchema>;
export type AdminCustomerListQuery = z.output<typeof adminCustomerListQuerySchema>;

/** GET /admin/customers: one page, searched by name or e-mail in SQL. */
export const customersQueryOptions = (query: AdminCustomerListQuery) =>
  queryOptions({
    queryKey: ['admin', 'customers', query],
    queryFn: ({ signal }) => adminRequest<AdminCustomerList>('/customers', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (query: AdminCustomerListQuery) =>
  useQuery(customersQueryOptions(query));
