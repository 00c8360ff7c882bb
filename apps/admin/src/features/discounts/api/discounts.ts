import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminDiscount,
  AdminDiscountList,
  AdminDiscountListQuery,
  DiscountForm,
} from '@store/contracts/admin/discounts';
import type { AdminProductRow } from '@store/contracts/admin/products';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/discounts: one page of the Discounts table. */
export const discountsQueryOptions = (query: AdminDiscountListQuery) =>
  queryOptions({
    queryKey: ['admin', 'discounts', 'list', query],
    queryFn: ({ signal }) => adminRequest<AdminDiscountList>('/discounts', { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useDiscounts = (query: AdminDiscountListQuery) =>
  useQuery(discountsQueryOptions(query));

/** GET /admin/discounts/:id */
export const discountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'discounts', 'one', id],
    queryFn: ({ signal }) =>
      adminRequest<AdminDiscount>(`/discounts/${encodeURIComponent(id)}`, { signal }),
  });
export const useDiscount = (id: string) => useQuery(discountQueryOptions(id));

/** POST /admin/discounts (id null) or PUT /admin/discounts/:id. */
export function saveDiscount(id: string | null, form: DiscountForm) {
  return id
    ? adminRequest<AdminDiscount>(`/discounts/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: form,
      })
    : adminRequest<AdminDiscount>('/discounts', { method: 'POST', body: form });
}
export const useSaveDiscount = (id: string | null) =>
  useAdminMutation((form: DiscountForm) => saveDiscount(id, form));

/** PATCH /admin/discounts/:id: Deactivate or Activate. */
export const useSetDiscountActive = (id: string) =>
  useAdminMutation((active: boolean) =>
    adminRequest<AdminDiscount>(`/discounts/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { active },
    }),
  );

/** GET /admin/products?q=: the product picker's matches (a few, by title or slug). */
export const productMatchesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', { q, limit: 8, page: 1 }],
    queryFn: ({ signal }) =>
      adminRequest<{ data: AdminProductRow[] }>('/products', {
        query: { q, limit: 8, page: 1 },
        signal,
      }),
    enabled: q.trim().length > 0,
  });
