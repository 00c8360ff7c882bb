import { z } from 'zod';

/**
 * Products as CSV: one row per product, the columns below (a header row names them; order free).
 * Lists inside a cell are separated by '|'. Prices in rupees. `variant_stock` gives stock per size
 * and colour as "size/colour=units|..." (a missing dimension left empty, e.g. "/Black=4").
 *
 * In detail (apps/server/src/modules/products/product-csv.ts):
 * - `slug` finds the product to update; empty: made from the title. A row whose slug no product
 *   has creates one. Two rows with one slug: the later one is an error.
 * - `title`, `category` and `regular_price` are required columns; any other column may be left
 *   out, and then keeps the stored value (a new product: empty, 0, false).
 * - `category` must be one on the Categories screen (any case; stored in its own spelling).
 * - `regular_price`, `discounted_price`: rupees, at most 2 decimals ("120", "99.50"); an empty
 *   discounted price is none.
 * - `hsn_code`: the HSN code printed on the tax invoice, 4, 6 or 8 digits; `gst_rate`: the GST
 *   rate in percent ("18", "5", "0"; a trailing % is fine), one of GST_RATES_BP. Left out or empty:
 *   the stored value; a new product takes its category's usual heading and rate (Magazines 4902
 *   at 0%, Paper 4802, Ink 3215, Pens & Writing 9608, Art Supplies 9603, Accessories 8305, any
 *   other 4820; 18% but for magazines), as migration 0004 gave products that existed before GST.
 * - `sku`: the owner's stock-keeping unit, unique in the store in any letter case (two rows with
 *   one SKU, or a SKU another product keeps, is an error); `barcode`: the GTIN under the bars (8,
 *   12, 13 or 14 digits, spaces allowed, its check digit checked; a spreadsheet must keep the column
 *   as text, or it drops a UPC's leading 0 and writes 13 digits as 8.9E+12); `weight_grams`: whole
 *   grams per unit as packed, for delivery charges by weight. Left out: the stored value; empty: none.
 * - `stock`: units of a product without sizes or colours; for one with them the export writes
 *   the sum and the import reads `variant_stock` instead (a combination left out there is 0).
 * - `featured`, `published`: true or false (yes/no, 1/0; empty is false).
 * - `sizes`, `colours`: the values of the attributes "Size" and "Colours", e.g. "S|M|L".
 * - `attributes`: every other attribute as "Name[unit]=value;value|Name=value" (the [unit] only
 *   when it has one), e.g. "Pages[pages]=120|Ruling=Dotted;Plain".
 * - `image_urls`: "url|url", the first is the main image.
 * - Inside list cells a backslash escapes | ; = / [ ] and itself.
 * - The export is UTF-8 with a byte-order mark, CRLF lines, RFC 4180 quoting, every product not
 *   archived. A cell starting with = + - @ (a spreadsheet formula) is written with a leading '
 *   and read back without it.
 * - Importing a file again (or an export unchanged) reports every row 'unchanged', writes nothing.
 */
export const productCsvColumns = [
  'slug',
  'title',
  'description',
  'category',
  'parent_category',
  'regular_price',
  'discounted_price',
  'hsn_code',
  'gst_rate',
  'sku',
  'barcode',
  'weight_grams',
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
