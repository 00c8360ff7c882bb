import { parse } from 'csv-parse/sync';
import { and, inArray, isNull } from 'drizzle-orm';
import {
  productCsvColumns,
  type ImportResult,
  type ImportRow,
  type ProductCsvColumn,
} from '@store/contracts/admin/import';
import {
  COLOUR_ATTRIBUTE_KEY,
  productCodeMessages,
  productFormSchema,
  SIZE_ATTRIBUTE_KEY,
  slugSchema,
  type ProductFormInput,
} from '@store/contracts/admin/products';
import { adminMessages } from '@store/contracts/admin/common';
import { formatGstRate, GST_RATES_BP, usualGstOfCategory } from '@store/contracts/gst';
import { paiseToRupeeString } from '@store/contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { toCsv, unguardCell } from '../../lib/csv';
import { products } from '../../db/schema';
import { recordActivity, type Actor } from '../activity/activity.service';
import {
  categorySpellings,
  changedFields,
  formValuesOf,
  hasOptions,
  loadProducts,
  slugify,
  totalStock,
  unknownCategoryMessage,
  valuesOfForm,
  writeProduct,
  type ProductValues,
  type StoredProduct,
} from './admin-products.service';
import { stockVariantsOf, variantOptionsOf } from '../../db/product-variants';
import { checkCsvSkus, releaseChangingSkus } from './product-csv-skus';

/*
 * Products as CSV (columns and cell formats: contracts/admin/import.ts). Lists inside a cell are
 * split on '|', attribute values on ';'; a backslash escapes any of | ; = / [ ] \ inside an item,
 * so every value survives an export and a re-import. An import row becomes the same product form
 * the back office posts, validated by the same schema and written by the same function.
 */

// ---------------------------------------------------------------------------------------------
// Cells

const escapeItem = (item: string) => item.replace(/[\\|;=/[\]]/g, '\\$&');
const unescapeItem = (item: string) => item.replace(/\\(.)/g, '$1');

/** Splits on `sep` where it is not escaped; the parts keep their escapes. */
function splitEscaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
    } else if (ch === sep) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** the first unescaped `ch`, or -1 */
function indexOfUnescaped(text: string, ch: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === ch) return i;
  }
  return -1;
}

const listCell = (items: string[]) => items.map(escapeItem).join('|');
const readList = (cell: string) =>
  cell.trim() === ''
    ? []
    : splitEscaped(cell, '|')
        .map((p) => unescapeItem(p).trim())
        .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Export

/** The sizes and colours columns take the attributes the storefront reads, as the form names them. */
const isSizes = (a: { key: string; metricUnit: string | null }) =>
  a.key === SIZE_ATTRIBUTE_KEY && !a.metricUnit;
const isColours = (a: { key: string; metricUnit: string | null }) =>
  a.key === COLOUR_ATTRIBUTE_KEY && !a.metricUnit;

export function productCsvRow(p: ProductValues): Record<ProductCsvColumn, string> {
  const sizes = p.attributes.find(isSizes);
  const colours = p.attributes.find(isColours);
  const others = p.attributes.filter((a) => a !== sizes && a !== colours);
  return {
    slug: p.slug ?? slugify(p.title),
    title: p.title,
    description: p.description,
    category: p.category,
    parent_category: p.parentCategory ?? '',
    regular_price: paiseToRupeeString(p.regularPricePaise),
    discounted_price:
      p.discountedPricePaise === null ? '' : paiseToRupeeString(p.discountedPricePaise),
    hsn_code: p.hsnCode,
    gst_rate: formatGstRate(p.gstRateBp),
    sku: p.sku ?? '',
    barcode: p.barcode ?? '',
    weight_grams: p.weightGrams === null ? '' : String(p.weightGrams),
    stock: String(totalStock(p)),
    featured: String(p.featured),
    published: String(p.published),
    sizes: listCell(sizes?.values ?? []),
    colours: listCell(colours?.values ?? []),
    attributes: others
      .map(
        (a) =>
          `${escapeItem(a.key)}${a.metricUnit ? `[${escapeItem(a.metricUnit)}]` : ''}=${a.values
            .map(escapeItem)
            .join(';')}`,
      )
      .join('|'),
    variant_stock: hasOptions(p)
      ? p.variantStock
          .map((v) => `${escapeItem(v.size)}/${escapeItem(v.color)}=${v.onHand}`)
          .join('|')
      : '',
    image_urls: listCell(p.images.map((i) => i.url)),
  };
}

/** GET /admin/products/export.csv: every product not archived, newest first. */
export async function exportProductsCsv(db: Db, storeId: string): Promise<string> {
  const stored = await loadProducts(db, storeId, isNull(products.archivedAt));
  return toCsv([
    [...productCsvColumns],
    ...stored.map((p) => {
      const row = productCsvRow(p.values);
      return productCsvColumns.map((c) => row[c]);
    }),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Import

const REQUIRED: ProductCsvColumn[] = ['title', 'category', 'regular_price'];
const MAX_ROWS = 5000;

export type CellError = { column: string; message: string };

export interface PlannedRow extends ImportRow {
  existing: StoredProduct | null;
  values: ProductValues | null;
  /** the SKU the row gives its product (its cell, or the stored one), checked across the file */
  sku: string | null;
}

const parseBool = (cell: string): boolean | null => {
  const v = cell.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(v)) return true;
  if (['false', 'no', '0', ''].includes(v)) return false;
  return null;
};

const parseRupees = (cell: string): number | null => {
  const text = cell.replace(/[₹,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
};

const gstRateList = GST_RATES_BP.map(formatGstRate).join(', ');

/** "18", "18%", "0.25" → basis points; null when it is not a rate GST knows. */
const parseGstRate = (cell: string): number | null => {
  const text = cell.replace(/[%\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return (GST_RATES_BP as readonly number[]).includes(bp) ? bp : null;
};

const newFormInput = (): ProductFormInput => ({
  title: '',
  description: '',
  category: '',
  parentCategory: null,
  regularPrice: 0,
  discountedPrice: null,
  hsnCode: '',
  gstRateBp: 1800,
  stock: 0,
  featured: false,
  published: false,
  images: [],
  attributes: [],
  variantStock: [],
});

type Attribute = ProductFormInput['attributes'][number];

function parseAttributes(cell: string, errors: CellError[]): Attribute[] {
  if (cell.trim() === '') return [];
  return splitEscaped(cell, '|').flatMap((part) => {
    const eq = indexOfUnescaped(part, '=');
    if (eq < 0) {
      errors.push({ column: 'attributes', message: `Write "${part.trim()}" as name=value;value` });
      return [];
    }
    let name = part.slice(0, eq).trim();
    let metricUnit: string | null = null;
    const open = indexOfUnescaped(name, '[');
    if (open >= 0 && name.endsWith(']') && !name.endsWith('\\]')) {
      metricUnit = unescapeItem(name.slice(open + 1, -1)).trim() || null;
      name = name.slice(0, open).trim();
    }
    const values = splitEscaped(part.slice(eq + 1), ';')
      .map((v) => unescapeItem(v).trim())
      .filter(Boolean);
    return [{ key: unescapeItem(name), values, metricUnit }];
  });
}

function parseVariantStock(cell: string, errors: CellError[]) {
  if (cell.trim() === '') return [];
  return splitEscaped(cell, '|').flatMap((part) => {
    const eq = indexOfUnescaped(part, '=');
    const slash = eq < 0 ? -1 : indexOfUnescaped(part.slice(0, eq), '/');
    const units = part.slice(eq + 1).trim();
    if (eq < 0 || slash < 0 || !/^\d+$/.test(units)) {
      errors.push({
        column: 'variant_stock',
        message: `Write "${part.trim()}" as size/colour=units, units a whole number of 0 or more`,
      });
      return [];
    }
    return [
      {
        size: unescapeItem(part.slice(0, slash)).trim(),
        color: unescapeItem(part.slice(slash + 1, eq)).trim(),
        onHand: Number(units),
      },
    ];
  });
}

/** a form field (zod issue path) to the column that feeds it */
function columnOf(path: PropertyKey[], form: ProductFormInput): string {
  switch (path[0]) {
    case 'regularPrice':
      return 'regular_price';
    case 'discountedPrice':
      return 'discounted_price';
    case 'parentCategory':
      return 'parent_category';
    case 'hsnCode':
      return 'hsn_code';
    case 'gstRateBp':
      return 'gst_rate';
    case 'weightGrams':
      return 'weight_grams';
    case 'images':
      return 'image_urls';
    case 'variantStock':
      return 'variant_stock';
    case 'attributes': {
      const a = form.attributes[Number(path[1])];
      if (a && isSizes({ key: a.key, metricUnit: a.metricUnit ?? null })) return 'sizes';
      if (a && isColours({ key: a.key, metricUnit: a.metricUnit ?? null })) return 'colours';
      return 'attributes';
    }
    default:
      return String(path[0] ?? 'row');
  }
}

/** The row's columns laid over the stored product (or an empty one). */
function formOfRow(
  cell: (c: ProductCsvColumn) => string | undefined,
  existing: StoredProduct | null,
  errors: CellError[],
): ProductFormInput {
  // the stored form, to lay the row's columns over (a column left out keeps the stored value)
  const form: ProductFormInput = existing ? formValuesOf(existing.values) : newFormInput();
  for (const c of ['title', 'description', 'category'] as const) {
    const v = cell(c);
    if (v !== undefined) form[c] = v;
  }
  const parent = cell('parent_category');
  if (parent !== undefined) form.parentCategory = parent.trim() || null;
  const regular = cell('regular_price');
  if (regular !== undefined) {
    const n = parseRupees(regular);
    if (n === null) errors.push({ column: 'regular_price', message: adminMessages.priceFormat });
    else form.regularPrice = n;
  }
  const discounted = cell('discounted_price');
  if (discounted !== undefined) {
    const n = discounted.trim() === '' ? null : parseRupees(discounted);
    if (n === null && discounted.trim() !== '')
      errors.push({ column: 'discounted_price', message: adminMessages.priceFormat });
    else form.discountedPrice = n;
  }
  // GST: an empty or missing cell keeps the stored value; a new product takes its category's usual
  const usual = usualGstOfCategory(form.category);
  const hsn = cell('hsn_code')?.trim();
  if (hsn) form.hsnCode = hsn;
  else if (!existing) form.hsnCode = usual.hsnCode;
  const rate = cell('gst_rate')?.trim();
  if (rate) {
    const bp = parseGstRate(rate);
    if (bp === null)
      errors.push({ column: 'gst_rate', message: `GST rate in percent: one of ${gstRateList}` });
    else form.gstRateBp = bp;
  } else if (!existing) form.gstRateBp = usual.gstRateBp;
  for (const c of ['sku', 'barcode'] as const) {
    const v = cell(c);
    if (v !== undefined) form[c] = v;
  }
  const weight = cell('weight_grams');
  if (weight !== undefined) {
    const text = weight.trim();
    if (text === '') form.weightGrams = null;
    else if (!/^\d+$/.test(text))
      errors.push({ column: 'weight_grams', message: productCodeMessages.weight });
    else form.weightGrams = Number(text);
  }
  const stock = cell('stock');
  if (stock !== undefined) {
    const text = stock.trim() || '0';
    if (!/^-?\d+(\.\d+)?$/.test(text))
      errors.push({ column: 'stock', message: adminMessages.stockWhole });
    else form.stock = Number(text);
  }
  for (const c of ['featured', 'published'] as const) {
    const v = cell(c);
    if (v === undefined) continue;
    const b = parseBool(v);
    if (b === null) errors.push({ column: c, message: 'Use true or false' });
    else form[c] = b;
  }

  // attributes: each column given replaces what it stands for; the stored order is kept
  const stored = form.attributes;
  let attributes = [...stored];
  const sizes = cell('sizes');
  const colours = cell('colours');
  const others = cell('attributes');
  const fromOthers = others === undefined ? [] : parseAttributes(others, errors);
  const sizeOf = (a: Attribute) => isSizes({ key: a.key, metricUnit: a.metricUnit ?? null });
  const colourOf = (a: Attribute) => isColours({ key: a.key, metricUnit: a.metricUnit ?? null });
  if (others !== undefined) attributes = attributes.filter((a) => sizeOf(a) || colourOf(a));
  if (sizes !== undefined) attributes = attributes.filter((a) => !sizeOf(a));
  if (colours !== undefined) attributes = attributes.filter((a) => !colourOf(a));
  const added: Attribute[] = [
    ...(sizes !== undefined && readList(sizes).length
      ? [{ key: SIZE_ATTRIBUTE_KEY, values: readList(sizes), metricUnit: null }]
      : []),
    ...(colours !== undefined && readList(colours).length
      ? [{ key: COLOUR_ATTRIBUTE_KEY, values: readList(colours), metricUnit: null }]
      : []),
    ...fromOthers,
  ];
  const order = stored.map((a) => a.key.toLowerCase());
  const rank = (a: Attribute) => {
    const i = order.indexOf(a.key.toLowerCase());
    return i < 0 ? order.length : i;
  };
  form.attributes = [...attributes, ...added]
    .map((a, i) => ({ a, i }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
    .map((x) => x.a);

  const variantCell = cell('variant_stock');
  if (variantCell !== undefined) {
    const entries = parseVariantStock(variantCell, errors);
    const combos = stockVariantsOf(
      variantOptionsOf(form.attributes.map((a) => ({ key: a.key, values: a.values }))),
    );
    const known = new Set(combos.map((c) => `${c.size}/${c.color}`));
    const plain = combos.length === 1 && combos[0]!.size === '' && combos[0]!.color === '';
    if (plain && entries.length) {
      errors.push({
        column: 'variant_stock',
        message: 'This product has no sizes or colours: give its units in the stock column',
      });
    }
    const unknown = plain ? [] : entries.filter((e) => !known.has(`${e.size}/${e.color}`));
    if (unknown.length) {
      errors.push({
        column: 'variant_stock',
        message: `Not among the product's sizes and colours: ${unknown.map((e) => `${e.size}/${e.color}`).join(', ')}`,
      });
    }
    if (!plain) form.variantStock = entries;
  }

  const urls = cell('image_urls');
  if (urls !== undefined) {
    // an uploaded image keeps its id (and so its renditions) when its URL stays
    const ids = new Map(existing?.values.images.map((i) => [i.url, i.imageId]) ?? []);
    form.images = readList(urls).map((url) => {
      const imageId = ids.get(url);
      return imageId ? { url, imageId } : { url };
    });
  }
  return form;
}

interface ParsedFile {
  header: string[];
  records: { line: number; cells: string[] }[];
  fileErrors: string[];
}

function parseFile(csv: string): ParsedFile {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(csv, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    return {
      header: [],
      records: [],
      fileErrors: [`The file is not valid CSV: ${(err as Error).message}`],
    };
  }
  const [head, ...rest] = parsed;
  if (!head) return { header: [], records: [], fileErrors: ['The file is empty'] };
  const header = head.record.map((h) => unguardCell(h).trim().toLowerCase());
  const fileErrors: string[] = [];
  const known = new Set<string>(productCsvColumns);
  for (const h of header) {
    if (!known.has(h))
      fileErrors.push(`Unknown column "${h}": the columns are ${productCsvColumns.join(', ')}`);
  }
  header.forEach((h, i) => {
    if (header.indexOf(h) !== i) fileErrors.push(`The column "${h}" appears twice`);
  });
  for (const r of REQUIRED)
    if (!header.includes(r)) fileErrors.push(`The column "${r}" is missing`);
  const records = rest
    .filter((r) => r.record.some((c) => c.trim() !== ''))
    .map((r) => ({
      // info.lines is where the record ends: step back over line breaks inside its cells
      line: r.info.lines - r.record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0),
      cells: r.record.map(unguardCell),
    }));
  if (records.length > MAX_ROWS)
    fileErrors.push(
      `The file has ${records.length} products: import at most ${MAX_ROWS} at a time`,
    );
  if (records.length === 0 && fileErrors.length === 0) fileErrors.push('The file has no products');
  return { header, records, fileErrors };
}

/** What each row would do, read against the database as it is now (inside the import's transaction). */
async function planImport(db: DbOrTx, storeId: string, file: ParsedFile): Promise<PlannedRow[]> {
  const col = new Map(file.header.map((h, i) => [h, i]));
  const slugOf = (cells: string[]) => {
    const given = col.has('slug') ? (cells[col.get('slug')!] ?? '').trim() : '';
    return given ? given.toLowerCase() : slugify(cells[col.get('title')!] ?? '');
  };
  const slugs = [...new Set(file.records.map((r) => slugOf(r.cells)))];
  const stored = new Map(
    (slugs.length ? await loadProducts(db, storeId, inArray(products.slug, slugs)) : []).map(
      (p) => [p.values.slug!, p],
    ),
  );
  // a product made before slugs existed has none: its title's slug finds it (and gives it one)
  if (slugs.some((s) => !stored.has(s))) {
    const legacy = await loadProducts(
      db,
      storeId,
      and(isNull(products.slug), isNull(products.archivedAt)),
    );
    for (const p of legacy) {
      const slug = slugify(p.values.title);
      if (!stored.has(slug)) stored.set(slug, p);
    }
  }
  const spellings = await categorySpellings(db, storeId);
  const seen = new Map<string, number>();

  const planned = file.records.map(({ line, cells }): PlannedRow => {
    const errors: CellError[] = [];
    const cell = (c: ProductCsvColumn) => (col.has(c) ? (cells[col.get(c)!] ?? '') : undefined);
    const slug = slugOf(cells);
    const title = (cell('title') ?? '').trim();
    if (cells.length !== file.header.length) {
      errors.push({
        column: 'row',
        message: `Expected ${file.header.length} cells, found ${cells.length}`,
      });
    }
    const slugCheck = slugSchema.safeParse(slug);
    if (!slugCheck.success)
      errors.push({ column: 'slug', message: slugCheck.error.issues[0]!.message });
    const earlier = seen.get(slug);
    if (earlier !== undefined)
      errors.push({ column: 'slug', message: `Line ${earlier} already has the handle ${slug}` });
    else seen.set(slug, line);
    const existing = stored.get(slug) ?? null;
    if (existing?.archived) {
      errors.push({
        column: 'slug',
        message: `${slug} is archived: restore it on the Products screen first`,
      });
    }

    const input = formOfRow(cell, existing, errors);
    input.slug = slug;
    const parsed = productFormSchema.safeParse(input);
    const sku = parsed.success ? parsed.data.sku : null;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path, input);
        if (column === 'slug' && !slugCheck.success) continue;
        errors.push({ column, message: issue.message });
      }
    }
    const category = spellings.get(input.category.trim().toLowerCase());
    if (input.category.trim() && !category)
      errors.push({ column: 'category', message: unknownCategoryMessage(input.category.trim()) });

    // one message per column: the first is what to fix
    const byColumn = [...new Map(errors.reverse().map((e) => [e.column, e])).values()].reverse();
    if (byColumn.length || !parsed.success || !category) {
      return { line, slug, title, action: 'error', errors: byColumn, existing, values: null, sku };
    }
    const values = valuesOfForm(parsed.data, { slug, category, archived: false });
    const action = !existing
      ? 'create'
      : Object.keys(changedFields(existing.values, values).after).length
        ? 'update'
        : 'unchanged';
    return { line, slug, title, action, errors: [], existing, values, sku };
  });
  return checkCsvSkus(db, storeId, planned);
}

function resultOf(dryRun: boolean, fileErrors: string[], rows: PlannedRow[]): ImportResult {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.action]++;
  return {
    dryRun,
    ok: fileErrors.length === 0 && counts.error === 0,
    rows: rows.map(({ line, slug, title, action, errors }) => ({
      line,
      slug,
      title,
      action,
      errors,
    })),
    counts,
    fileErrors,
  };
}

/**
 * POST /admin/products/import. A dry run (or a file with any error) writes nothing and answers
 * the preview; otherwise every create and update is written in one transaction, through the
 * product form's writeProduct (one activity entry each), plus one 'product.import' entry.
 * `written` tells the route whether the catalogue changed.
 */
export async function importProductsCsv(
  db: Db,
  actor: Actor,
  csv: string,
  dryRun: boolean,
): Promise<{ result: ImportResult; written: boolean }> {
  const file = parseFile(csv);
  if (file.fileErrors.length)
    return { result: resultOf(dryRun, file.fileErrors, []), written: false };
  if (dryRun) {
    const rows = await planImport(db, actor.storeId, file);
    return { result: resultOf(true, [], rows), written: false };
  }
  return db.transaction(async (tx) => {
    const rows = await planImport(tx, actor.storeId, file);
    const result = resultOf(false, [], rows);
    const changes = rows.filter((r) => r.action === 'create' || r.action === 'update');
    if (!result.ok || changes.length === 0) return { result, written: false };
    await releaseChangingSkus(tx, changes);
    for (const r of changes) await writeProduct(tx, actor, r.existing, r.values!);
    await recordActivity(tx, actor, {
      action: 'product.import',
      entityType: 'product',
      summary: `CSV import: ${result.counts.create} created, ${result.counts.update} updated, ${result.counts.unchanged} unchanged`,
      after: {
        created: changes.filter((r) => r.action === 'create').map((r) => r.slug),
        updated: changes.filter((r) => r.action === 'update').map((r) => r.slug),
      },
    });
    return { result, written: true };
  });
}
