import { z } from 'zod';
import { controlCharacters, messages } from '../common';
import { imageUrlSchema } from '../image-url';
import { GST_RATES_BP, hsnPattern } from '../gst';
import { barcodeProblem, normalizeBarcode } from '../barcode';
import { PRODUCT_WEIGHT_MAX_GRAMS } from '../delivery-charges';
import {
  adminMessages,
  adminPageQuery,
  optionalQueryText,
  pageOf,
  rupeesInputSchema,
  stockInputSchema,
} from './common';

/** The attribute keys the storefront reads as sizes and colours (stock is kept per combination). */
export const SIZE_ATTRIBUTE_KEY = 'Size';
export const COLOUR_ATTRIBUTE_KEY = 'Colours';
/** Kept as an attribute the storefront's featured filter reads (key 'featured', value 'true'). */
export const FEATURED_ATTRIBUTE_KEY = 'featured';

/** Images: JPEG, PNG or WebP, checked by content, up to 10 MB. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !controlCharacters.test(v), messages.controlCharacters);

export const gstMessages = {
  hsn: 'HSN code must be 4, 6 or 8 digits',
  rate: 'Choose a GST rate',
} as const;

/** The HSN code printed on the tax invoice (docs/decisions/gst-invoices.md). */
export const hsnCodeSchema = z.string().trim().regex(hsnPattern, gstMessages.hsn);
/** The GST rate in basis points (1800 = 18%), one of the rates GST knows. */
export const gstRateBpSchema = z
  .number({ error: gstMessages.rate })
  .int(gstMessages.rate)
  .refine((v) => (GST_RATES_BP as readonly number[]).includes(v), gstMessages.rate);

export const SKU_MAX = 64;
export const productCodeMessages = {
  skuCharacters: 'Use letters, digits, spaces and - _ . / # only',
  weight: `Enter the weight in whole grams, from 0 to ${PRODUCT_WEIGHT_MAX_GRAMS.toLocaleString('en-IN')}`,
} as const;

/**
 * The stock-keeping unit: the owner's own code, unique in the store in any letter case
 * ("pen-01" and "PEN-01" are one SKU); '' is none.
 */
export const skuSchema = z
  .string()
  .trim()
  .max(SKU_MAX, `SKU must be at most ${SKU_MAX} characters`)
  .regex(/^[\p{L}\p{N} ._/#-]*$/u, productCodeMessages.skuCharacters)
  .transform((v) => v || null)
  .nullable()
  .default(null);

/** The barcode under the bars, a GTIN checked by its check digit; '' is none. */
export const barcodeSchema = z
  .string()
  .overwrite(normalizeBarcode)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : barcodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v || null)
  .nullable()
  .default(null);

/** Whole grams per unit as packed (null: not given; such a product adds nothing to a weight charge). */
export const weightGramsSchema = z
  .number({ error: productCodeMessages.weight })
  .int(productCodeMessages.weight)
  .min(0, productCodeMessages.weight)
  .max(PRODUCT_WEIGHT_MAX_GRAMS, productCodeMessages.weight)
  .nullable()
  .default(null);

/** a product's handle: lower-case letters, digits and hyphens */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens')
  .max(100);

/** GET /admin/products?q=&category=&stock=low|sold_out&status=&page=&limit= */
export const adminProductListQuerySchema = z.object({
  q: optionalQueryText(100),
  category: optionalQueryText(100),
  stock: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['low', 'sold_out'], { error: 'Expected low or sold_out' }).optional(),
  ),
  /** published, draft (not published) or archived; default: everything but archived */
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['published', 'draft', 'archived']).optional(),
  ),
  ...adminPageQuery,
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

export const adminProductRowSchema = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  imgUrl: z.string(),
  category: z.string(),
  regularPricePaise: z.number().int(),
  discountedPricePaise: z.number().int().nullable(),
  hsnCode: z.string(),
  /** basis points: 1800 = 18% */
  gstRateBp: z.number().int(),
  sku: z.string().nullable(),
  /** units on hand over all variants */
  stock: z.number().int(),
  stockStatus: z.enum(['in_stock', 'low_stock', 'sold_out']),
  published: z.boolean(),
  featured: z.boolean(),
  archived: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductListSchema = pageOf(adminProductRowSchema);

export const productFormImageSchema = z.object({
  /** an image uploaded through POST /admin/images; absent for a kept outside/demo URL */
  imageId: z.string().max(64).optional(),
  url: imageUrlSchema,
});

export const productFormAttributeSchema = z.object({
  key: text('Attribute name', 50),
  values: z
    .array(text('Value', 80))
    .min(1, 'Give the attribute at least one value')
    .max(50, 'At most 50 values'),
  metricUnit: z.string().trim().max(20).nullable().optional(),
});

export const variantStockSchema = z.object({
  /** '' when the product has no sizes */
  size: z.string().max(80),
  /** '' when the product has no colours */
  color: z.string().max(80),
  onHand: stockInputSchema,
});
export type VariantStock = z.infer<typeof variantStockSchema>;

/**
 * POST /admin/products and PUT /admin/products/:id: the product form. Prices in rupees. `stock` is
 * the stock of a product without sizes or colours; one with them gives `variantStock`, one entry
 * per size × colour (missing ones count as 0).
 */
export const productFormSchema = z
  .object({
    slug: slugSchema.optional(),
    title: text('Title', 200),
    description: z.string().trim().max(5000, 'Description must be at most 5000 characters'),
    category: text('Category', 100),
    parentCategory: z.string().trim().max(100).nullable(),
    regularPrice: rupeesInputSchema.refine((v) => v > 0, 'Enter a price above ₹0'),
    discountedPrice: rupeesInputSchema.nullable(),
    hsnCode: hsnCodeSchema,
    gstRateBp: gstRateBpSchema,
    /** one code and weight per product, not per size or colour (docs/decisions/delivery-charges.md) */
    sku: skuSchema,
    barcode: barcodeSchema,
    weightGrams: weightGramsSchema,
    stock: stockInputSchema,
    featured: z.boolean(),
    published: z.boolean(),
    images: z.array(productFormImageSchema).max(12, 'At most 12 images'),
    attributes: z.array(productFormAttributeSchema).max(20, 'At most 20 attributes'),
    variantStock: z.array(variantStockSchema).max(2500),
    /**
     * The stock the form showed when it was opened. With it, the server applies only what the
     * owner changed to what is on hand now: orders taken while the form was open are not undone
     * (a cell left as it was keeps today's units; a changed one moves by the difference).
     */
    stockSeen: z.array(variantStockSchema).max(2500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.discountedPrice !== null && v.discountedPrice > v.regularPrice) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountedPrice'],
        message: adminMessages.discountAboveRegular,
      });
    }
    const keys = v.attributes.map((a) => a.key.toLowerCase());
    keys.forEach((k, i) => {
      if (keys.indexOf(k) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['attributes', i, 'key'],
          message: 'Each attribute name may appear once',
        });
    });
  });
export type ProductForm = z.infer<typeof productFormSchema>;
export type ProductFormInput = z.input<typeof productFormSchema>;

/** GET /admin/products/:id: the form's values plus what the page shows around them. */
export const adminProductSchema = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  parentCategory: z.string().nullable(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  hsnCode: z.string(),
  gstRateBp: z.number().int(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  weightGrams: z.number().int().nullable(),
  stock: z.number().int(),
  featured: z.boolean(),
  published: z.boolean(),
  archived: z.boolean(),
  /** ever ordered: DELETE archives instead */
  ordered: z.boolean(),
  images: z.array(productFormImageSchema),
  attributes: z.array(
    z.object({ key: z.string(), values: z.array(z.string()), metricUnit: z.string().nullable() }),
  ),
  variantStock: z.array(variantStockSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** DELETE /admin/products/:id answers what happened to it */
export const productDeletedSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });

/** POST /admin/images (the body is the file itself, sent with its type, e.g. image/jpeg) answers the stored image */
export const uploadedImageSchema = z.object({
  imageId: z.string(),
  /** the default rendition (WebP, widest kept), for <img src> */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** "<url> 320w, ..." per format, for <picture>/<img srcset> */
  srcset: z.object({ webp: z.string(), avif: z.string() }),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/**
 * PUT /admin/products/:id/stock: the quick stock edit of the products table. `stock` for a product
 * without sizes or colours; `variantStock` for one with them (entries left out keep their units).
 */
export const productStockBodySchema = z
  .object({
    stock: stockInputSchema.optional(),
    variantStock: z.array(variantStockSchema).max(2500).optional(),
  })
  .strict()
  .refine((v) => v.stock !== undefined || v.variantStock !== undefined, {
    path: ['stock'],
    message: 'Give stock or variantStock',
  });
export type ProductStockBody = z.infer<typeof productStockBodySchema>;
