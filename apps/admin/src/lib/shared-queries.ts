import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminCategoryListSchema } from '@store/contracts/admin/categories';
import type { StaffMember } from '@store/contracts/admin/common';
import { adminRequest } from './api-client';

/*
 * The lists more than one screen reads, defined once so each has one query key and one fetch:
 * the categories (Categories, the product form's select, the Products filter, the settings'
 * category images) and the staff (Staff, the Activity log's person filter).
 */

export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

/** GET /admin/categories: in order, with product counts and parents. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => adminRequest<AdminCategoryList>('/categories', { signal }),
  });
export const useCategories = () => useQuery(categoriesQueryOptions());

/** GET /admin/staff: only the owner may list the staff. */
export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => adminRequest<{ data: StaffMember[] }>('/staff', { signal }),
  });
export const useStaff = (enabled = true) => useQuery({ ...staffQueryOptions(), enabled });
