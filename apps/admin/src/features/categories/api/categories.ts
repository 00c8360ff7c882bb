import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryForm } from '@store/contracts/admin/categories';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';
import { categoriesQueryOptions, type AdminCategoryList } from '@/lib/shared-queries';

const key = categoriesQueryOptions().queryKey;

export function saveCategory(id: string | null, form: CategoryForm) {
  return id
    ? adminRequest<AdminCategory>(`/categories/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: form,
      })
    : adminRequest<AdminCategory>('/categories', { method: 'POST', body: form });
}

/** PUT /admin/categories/order: every id in the new order; answers the list as now stored. */
export const reorderCategories = (ids: string[]) =>
  adminRequest<AdminCategoryList>('/categories/order', { method: 'PUT', body: { ids } });

export const deleteCategory = (id: string) =>
  adminRequest<{ ok: true }>(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });

// category changes show in the product form's select, the filters and the storefront's menu
export const useSaveCategory = () =>
  useAdminMutation(({ id, form }: { id: string | null; form: CategoryForm }) =>
    saveCategory(id, form),
  );
export const useDeleteCategory = () => useAdminMutation(deleteCategory);

export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    // the list moves at once; a refusal puts the stored order back
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AdminCategoryList>(key);
      if (before) {
        const byId = new Map(before.data.map((c) => [c.id, c]));
        queryClient.setQueryData<AdminCategoryList>(key, {
          data: ids.flatMap((id, position) => {
            const c = byId.get(id);
            return c ? [{ ...c, position }] : [];
          }),
        });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (list) => queryClient.setQueryData(key, list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
