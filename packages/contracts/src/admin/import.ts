import { z } from 'zod';

/**
 * Products as CSV: one row per product, the columns below (a header row names them; order free).
 * Lists inside a cell are separated by '|'. Prices in rupees. `variant_stock` gives stock per size
 * and colour as "size/colour=units|..." (a missing dimension left empty, e.g. "/Black=4").
 */
export const productCsvColumns = [
  'slug',
  'title',
  'description',
  'category',
  'parent_category',
  'regular_price',
  'discounted_price',
  'stock',
  'featured',
  'published',
  'sizes',
  'colours',
  'attributes',
  'variant_stock',
  'image_urls',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

/** POST /admin/products/import?dryRun=true|false, body: { csv } (at most 2 MB of text) */
export const productImportBodySchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(2 * 1024 * 1024, 'The file is larger than 2 MB'),
});
export const productImportQuerySchema = z.object({
  dryRun: z.preprocess((v) => v !== 'false' && v !== false, z.boolean()),
});

export const importRowSchema = z.object({
  /** the line in the file (the header is line 1) */
  line: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** what importing the row does; 'unchanged' for a row that matches the product as stored */
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** false when any row has errors: then nothing was written */
  ok: z.boolean(),
  rows: z.array(importRowSchema),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** errors of the file as a whole (missing columns, unknown columns, bad CSV) */
  fileErrors: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
