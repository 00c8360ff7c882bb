import { z } from 'zod';
import { controlCharacters, messages } from '../common';
import { optionalImageUrlSchema } from '../image-url';

export const categoryNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters')
  .refine((v) => !controlCharacters.test(v), messages.controlCharacters);

/** The first three categories by position are the storefront's navigation and home tiles. */
export const NAVIGATION_CATEGORY_COUNT = 3;

export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  imageUrl: z.string(),
  parentCategories: z.array(z.string()),
  /** products that name it (archived ones left out) */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ data: z.array(adminCategorySchema) });

/** POST /admin/categories, PUT /admin/categories/:id (a rename moves its products along) */
export const categoryFormSchema = z.object({
  name: categoryNameSchema,
  imageUrl: optionalImageUrlSchema,
  parentCategories: z.array(categoryNameSchema).max(20),
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;

/** PUT /admin/categories/order: every category id, in the new order */
export const categoryOrderSchema = z.object({
  ids: z.array(z.string().max(64)).min(1).max(500),
});
