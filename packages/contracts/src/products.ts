import { z } from 'zod';
import { PRODUCT_MAX_LIMIT, PRODUCT_PAGE_SIZE } from './limits';
import { blankToUndefined, queryInt } from './common';

export const availabilitySchema = z.object({
  status: z.enum(['in_stock', 'low_stock', 'sold_out']),
  /** units left when low_stock, else null */
  left: z.number().int().nullable(),
});

/** Stock of one size/colour combination (null where the product has no such option). */
export const productVariantSchema = z.object({
  size: z.string().nullable(),
  color: z.string().nullable(),
  availability: availabilitySchema,
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** `<url> 320w, <url> 640w, …` per format, for <picture><source srcset>. */
export const imageSrcsetSchema = z.object({ webp: z.string(), avif: z.string() });
export type ImageSrcset = z.infer<typeof imageSrcsetSchema>;

/** An image; srcset only for an uploaded one (its renditions), not for shipped art or outside URLs. */
export const productImageSchema = z.object({
  url: z.string(),
  srcset: imageSrcsetSchema.optional(),
});

/** An attribute is a key with a list of values, e.g. { key: 'Size', value: ['A4', 'A5'] }. */
export const productAttributeSchema = z.object({
  id: z.string().optional(),
  key: z.string(),
  value: z.array(z.string()),
  metricUnit: z.string().nullable().optional(),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

/** Product as the server sends it. Prices are rupees (the database keeps paise). */
export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imgUrl: z.string(),
  /** renditions of imgUrl when it is an uploaded image */
  imgSrcset: imageSrcsetSchema.optional(),
  category: z.string(),
  parentCategory: z.string().nullable(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  createdAt: z.string(),
  images: z.array(productImageSchema),
  attributes: z.array(productAttributeSchema),
  /** the whole product: sold out only when every variant is */
  availability: availabilitySchema,
  /** per size/colour; empty for a product without options */
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;

export { PRODUCT_MAX_LIMIT, PRODUCT_PAGE_SIZE };

/** GET /products query. Blank values are treated as absent (the client sends only non-empty filters). */
export const productListQuerySchema = z.object({
  page: queryInt(1, 100000, 1),
  limit: queryInt(1, PRODUCT_MAX_LIMIT, PRODUCT_PAGE_SIZE),
  category: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  gender: z.preprocess(blankToUndefined, z.string().max(50).optional()),
  /** comma list of categories, e.g. 'Accessories,Personal Care,Home,null,Unisex' */
  filter: z.preprocess(blankToUndefined, z.string().max(500).optional()),
  parentCategory: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  featured: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productParamsSchema = z.object({ id: z.string().min(1).max(64) });
