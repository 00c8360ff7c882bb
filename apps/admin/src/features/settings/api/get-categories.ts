import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCategoryListSchema } from '@store/contracts/admin/categories';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/categories: the names the category images are set for. */
export const categoryNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) =>
      adminRequest<z.infer<typeof adminCategoryListSchema>>('/categories', { signal }),
  });

export const useCategoryNames = () => useQuery(categoryNamesQueryOptions());
