import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminProduct,
  AdminProductListQuery,
  adminProductListSchema,
  productDeletedSchema,
  ProductForm,
} from '@store/contracts/admin/products';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';

export type AdminProductList = z.infer<typeof adminProductListSchema>;
export type ProductDeleted = z.infer<typeof productDeletedSchema>;

/** GET /admin/products: one page of the Products table, filtered in SQL. */
export const productsQueryOptions = (query: AdminProductListQuery) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', query],
    queryFn: ({ signal }) => adminRequest<AdminProductList>('/products', { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useProducts = (query: AdminProductListQuery) => useQuery(productsQueryOptions(query));

/** GET /admin/products/:id: the form's values. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'products', 'one', id],
    queryFn: ({ signal }) =>
      adminRequest<AdminProduct>(`/products/${encodeURIComponent(id)}`, { signal }),
  });
export const useProduct = (id: string) => useQuery(productQueryOptions(id));

/** POST /admin/products (id null) or PUT /admin/products/:id. */
export function saveProduct(id: string | null, form: ProductForm) {
  return id
    ? adminRequest<AdminProduct>(`/products/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: form,
      })
    : adminRequest<AdminProduct>('/products', { method: 'POST', body: form });
}

// every product change refreshes the lists, the product and the dashboard's low-stock list
export const useSaveProduct = (id: string | null) =>
  useAdminMutation((form: ProductForm) => saveProduct(id, form));

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<ProductDeleted>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // a deleted product is not asked for again (its page is leaving; it would answer 404)
    onSuccess: async ({ outcome }, id) => {
      const gone = productQueryOptions(id).queryKey;
      await queryClient.invalidateQueries({
        queryKey: ['admin'],
        predicate: (query) =>
          outcome !== 'deleted' || JSON.stringify(query.queryKey) !== JSON.stringify(gone),
      });
    },
  });
}

export const useRestoreProduct = () =>
  useAdminMutation((id: string) =>
    adminRequest<AdminProduct>(`/products/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
  );
