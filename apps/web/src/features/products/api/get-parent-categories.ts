import { useQuery } from '@tanstack/react-query';
import { distinctParentCategories, PARENT_CATEGORY_LIMIT } from '../lib/listing';
import { getProducts } from './get-products';

/** Parent categories discovered from one fetch of up to 100 products of the category. */
export function useParentCategories(category: string | undefined) {
  return useQuery({
    queryKey: ['products', 'parentCategories', category ?? ''],
    queryFn: async ({ signal }) => {
      const page = await getProducts({ category, limit: PARENT_CATEGORY_LIMIT, page: 1 }, signal);
      return distinctParentCategories(page.products);
    },
    staleTime: 5 * 60_000,
  });
}
