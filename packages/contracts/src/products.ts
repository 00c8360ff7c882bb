import { z } from 'zod';
import {
  PRODUCT_MAX_LIMIT,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  SUGGEST_LIMIT,
  RELATED_LIMIT,
} from './limits';
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
  /**
   * What the pack says, when the owner gave it: the SKU (the shop's code), the barcode (a GTIN)
   * and the weight per unit in grams. Absent when not set; one per product, not per variant.
   */
  sku: z.string().optional(),
  barcode: z.string().optional(),
  weightGrams: z.number().int().optional(),
  /**
   * The published reviews' average (1–5, two decimals) and count; null when none is published
   * (modules/reviews). Optional for answers cached before reviews existed; the server always sends it.
   */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export { PRODUCT_MAX_LIMIT, PRODUCT_PAGE_SIZE };

/** A query value given once or repeated (`color=Black&color=Navy%20Blue`), as a list. */
const queryList = z.preprocess(
  (v) => {
    const list = (Array.isArray(v) ? v : v === undefined ? [] : [v])
      .filter((x): x is string => typeof x === 'string')
      .map((x) => x.trim())
      .filter(Boolean);
    return list.length ? list : undefined;
  },
  z.array(z.string().max(100)).max(30).optional(),
);

/** Rupees, whole. */
const queryRupees = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{1,7}$/, 'Enter a price in whole rupees')
    .transform(Number)
    .optional(),
);

/** The filters a shopper adds to a listing (search, price, options, stock). */
function productFilterShape() {
  return {
    /** search words; typos are corrected against the catalogue's own words */
    q: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v),
      z.string().max(SEARCH_MAX_LENGTH).optional(),
    ),
    /** whole rupees, inclusive, against the price the shopper pays (discounted when there is one) */
    minPrice: queryRupees,
    /** whole rupees, exclusive (the buckets are [min, max)) */
    maxPrice: queryRupees,
    /** sizes, any of them (repeat the parameter) */
    size: queryList,
    /** colours, any of them */
    color: queryList,
    /** other attributes as `Key:Value`, e.g. `Ruling:Ruled`; any value within a key, every key */
    attr: queryList,
    /** only products that can be bought now */
    inStock: z.preprocess(blankToUndefined, z.enum(['true']).optional()),
  };
}

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
  ...productFilterShape(),
  /** default: relevance with a search, else newest */
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS).optional()),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** GET /products/facets: the listing's filters without page, limit or sort. */
export const productFacetsQuerySchema = productListQuerySchema.omit({
  page: true,
  limit: true,
  sort: true,
});
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;

/** One value of a facet and how many products match with it (and every other filter). */
export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/**
 * Counts for the filters of a listing. Each facet is counted with every filter applied except its
 * own (choosing Black still shows how many Navy Blue there are), so a shopper can widen a choice.
 */
export const productFacetsSchema = z.object({
  /** products matching every filter */
  total: z.number().int(),
  categories: z.array(facetValueSchema),
  /** the parent categories within the chosen category: the listing's chips */
  parentCategories: z.array(facetValueSchema),
  /** one per PRICE_BUCKETS entry, in rupees, [min, max) */
  prices: z.array(
    z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() }),
  ),
  sizes: z.array(facetValueSchema),
  colors: z.array(facetValueSchema),
  /** the catalogue's other attributes (Ruling, Paper Weight, Brand…), most useful first */
  attributes: z.array(
    z.object({
      key: z.string(),
      metricUnit: z.string().nullable(),
      values: z.array(facetValueSchema),
    }),
  ),
  /** products matching the other filters that can be bought now */
  inStock: z.number().int(),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** GET /products/suggest?q=: what the search box offers while the shopper types. */
export const productSuggestQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string().min(1, 'Type something to search for').max(SEARCH_MAX_LENGTH),
  ),
  limit: queryInt(1, 20, SUGGEST_LIMIT),
});
export const productSuggestionsSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.string(),
      imgUrl: z.string(),
      /** rupees: the discounted price when there is one */
      price: z.number(),
    }),
  ),
  /** categories with matches, for "in Pens & Writing" */
  categories: z.array(facetValueSchema),
  /** the search as understood after typo correction, when it differs ("fountain pen") */
  correctedQuery: z.string().nullable(),
});
export type ProductSuggestions = z.infer<typeof productSuggestionsSchema>;

/** GET /products/:id/related */
export const relatedProductsQuerySchema = z.object({ limit: queryInt(1, 12, RELATED_LIMIT) });
export const relatedProductsResponseSchema = z.object({ data: z.array(productSchema) });

export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  }),
  /** with a search: the words searched after typo correction, when they differ from `q` */
  correctedQuery: z.string().nullable().optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productParamsSchema = z.object({ id: z.string().min(1).max(64) });
