import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  FEATURED_ATTRIBUTE_KEY,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductRow,
  type ProductForm,
  type ProductFormInput,
  type ProductStockBody,
  type VariantStock,
} from '@store/contracts/admin/products';
import { isUuid } from '@store/contracts/ids';
import { normalizeBarcode } from '@store/contracts/barcode';
import { paiseToRupees, rupeesToPaise } from '@store/contracts/money';
import { LOW_STOCK_THRESHOLD } from '@store/contracts/stock';
import type { Db, DbOrTx } from '../../db/client';
import {
  categories,
  images,
  orderItems,
  productAttributes,
  productImages,
  products,
  stockLevels,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueBackInStockEmails } from '../stock-alerts/stock-alerts.service';
import { escapeLike, likeContaining } from '../../lib/like-pattern';
import { groupBy } from '../../lib/group-by';
import { isUniqueViolation, violatedConstraint } from '../../lib/pg-errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { stockVariantsOf, variantOptionsOf } from '../../db/product-variants';

/*
 * The back office's products. Everything a product is, in one comparable shape (`ProductValues`):
 * the form route and the CSV import both turn their input into it, compare it with what is stored
 * (so an unchanged save or re-import writes nothing) and write it through `writeProduct`, which
 * logs the changed fields in the same transaction.
 */

const PRODUCT_NOT_FOUND = 'Product not found';

/** A product as the back office edits it: money in paise, stock for every size × colour. */
export interface ProductValues {
  slug: string | null;
  title: string;
  description: string;
  category: string;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  hsnCode: string;
  gstRateBp: number;
  sku: string | null;
  barcode: string | null;
  weightGrams: number | null;
  featured: boolean;
  published: boolean;
  images: { url: string; imageId: string | null }[];
  /** without the 'featured' attribute, which `featured` stands for */
  attributes: { key: string; values: string[]; metricUnit: string | null }[];
  /** one entry per stockVariantsOf(attributes) combination, in that order ('' , '' when none) */
  variantStock: VariantStock[];
}

export interface StoredProduct {
  id: string;
  archived: boolean;
  ordered: boolean;
  createdAt: Date;
  updatedAt: Date;
  values: ProductValues;
}

const isFeaturedKey = (key: string) => key.trim().toLowerCase() === FEATURED_ATTRIBUTE_KEY;
/** read as the storefront's featured filter reads it (products.service.ts listConditions) */
const isFeaturedAttribute = (a: { key: string; values: string[] }) =>
  isFeaturedKey(a.key) && a.values.some((v) => v.toLowerCase().includes('true'));

/** Stock for every combination the attributes give; `onHand(size, color)` answers each. */
function variantStockFor(
  attributes: { key: string; values: string[] }[],
  onHand: (size: string, color: string) => number,
): VariantStock[] {
  return stockVariantsOf(variantOptionsOf(attributes)).map((v) => ({
    ...v,
    onHand: onHand(v.size, v.color),
  }));
}

export const hasOptions = (values: Pick<ProductValues, 'variantStock'>) =>
  values.variantStock.some((v) => v.size !== '' || v.color !== '');

export const totalStock = (values: Pick<ProductValues, 'variantStock'>) =>
  values.variantStock.reduce((sum, v) => sum + v.onHand, 0);

const variantKey = (size: string, color: string) => `${size}\u0000${color}`;

/** Products of the store with their images, attributes, stock and whether they were ever ordered: five queries for any number. */
export async function loadProducts(
  db: DbOrTx,
  storeId: string,
  where: SQL | undefined,
): Promise<StoredProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), where))
    .orderBy(desc(products.createdAt), desc(products.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [imageRows, attributeRows, stockRows, orderedRows] = await Promise.all([
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position)),
    db
      .select()
      .from(productAttributes)
      .where(inArray(productAttributes.productId, ids))
      .orderBy(asc(productAttributes.position)),
    db.select().from(stockLevels).where(inArray(stockLevels.productId, ids)),
    db
      .selectDistinct({ productId: orderItems.productId })
      .from(orderItems)
      .where(inArray(orderItems.productId, ids)),
  ]);
  const imagesOf = groupBy(imageRows, (i) => i.productId);
  const attributesOf = groupBy(attributeRows, (a) => a.productId);
  const stockOf = groupBy(stockRows, (s) => s.productId);
  const ordered = new Set(orderedRows.map((r) => r.productId));
  return rows.map((r) => {
    const attributes = attributesOf.get(r.id) ?? [];
    const units = new Map(
      (stockOf.get(r.id) ?? []).map((s) => [variantKey(s.size, s.color), s.onHand]),
    );
    return {
      id: r.id,
      archived: r.archivedAt !== null,
      ordered: ordered.has(r.id),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      values: {
        slug: r.slug,
        title: r.title,
        description: r.description,
        category: r.category ?? '',
        parentCategory: r.parentCategory,
        regularPricePaise: r.regularPricePaise,
        discountedPricePaise: r.discountedPricePaise,
        hsnCode: r.hsnCode,
        gstRateBp: r.gstRateBp,
        sku: r.sku,
        barcode: r.barcode,
        weightGrams: r.weightGrams,
        featured: attributes.some(isFeaturedAttribute),
        published: r.active,
        images: (imagesOf.get(r.id) ?? []).map((i) => ({ url: i.url, imageId: i.imageId })),
        attributes: attributes
          .filter((a) => !isFeaturedKey(a.key))
          .map((a) => ({ key: a.key, values: a.values, metricUnit: a.metricUnit })),
        variantStock: variantStockFor(attributes, (s, c) => units.get(variantKey(s, c)) ?? 0),
      },
    };
  });
}

async function findProduct(db: DbOrTx, storeId: string, id: string): Promise<StoredProduct | null> {
  if (!isUuid(id)) return null;
  const [found] = await loadProducts(db, storeId, eq(products.id, id));
  return found ?? null;
}

async function requireProduct(db: DbOrTx, storeId: string, id: string): Promise<StoredProduct> {
  const found = await findProduct(db, storeId, id);
  if (!found) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return found;
}

/** The stored values as the form shows them (rupees, total stock); the slug is left to the caller. */
export function formValuesOf(v: ProductValues) {
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    parentCategory: v.parentCategory,
    regularPrice: paiseToRupees(v.regularPricePaise),
    discountedPrice: v.discountedPricePaise === null ? null : paiseToRupees(v.discountedPricePaise),
    hsnCode: v.hsnCode,
    gstRateBp: v.gstRateBp,
    sku: v.sku,
    barcode: v.barcode,
    weightGrams: v.weightGrams,
    stock: totalStock(v),
    featured: v.featured,
    published: v.published,
    images: v.images.map((i) => (i.imageId ? { url: i.url, imageId: i.imageId } : { url: i.url })),
    attributes: v.attributes,
    variantStock: v.variantStock,
  } satisfies Omit<ProductFormInput, 'slug' | 'stockSeen'>;
}

function toAdminProduct(p: StoredProduct): AdminProduct {
  return {
    id: p.id,
    slug: p.values.slug,
    ...formValuesOf(p.values),
    archived: p.archived,
    ordered: p.ordered,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function getAdminProduct(db: Db, storeId: string, id: string): Promise<AdminProduct> {
  return toAdminProduct(await requireProduct(db, storeId, id));
}

// ---------------------------------------------------------------------------------------------
// The list

/** units on hand over all of the product's stock rows, and the lowest of them */
const totalSql = sql<number>`(select coalesce(sum(sl.on_hand), 0)::int from ${stockLevels} sl where sl.product_id = ${products.id})`;
const lowestSql = sql<
  number | null
>`(select min(sl.on_hand)::int from ${stockLevels} sl where sl.product_id = ${products.id})`;
// "products"."id" written out: drizzle renders a column inside a select's fields unqualified, and
// a bare "id" inside this subquery would be product_attributes' own id (never equal: featured
// always false)
const featuredSql = sql<boolean>`exists (select 1 from ${productAttributes} pa where pa.product_id = "products"."id"
  and lower(pa.key) = ${FEATURED_ATTRIBUTE_KEY} and exists (select 1 from unnest(pa.values) v where lower(v) like '%true%'))`;

/**
 * GET /admin/products: filtered, counted and paged in SQL, newest first. Stock "low" is a product
 * not sold out whose total, or any one size/colour, is at or below LOW_STOCK_THRESHOLD (the
 * owner restocks by variant); "sold out" has no units at all.
 */
export async function listAdminProducts(db: Db, storeId: string, q: AdminProductListQuery) {
  const where: SQL[] = [eq(products.storeId, storeId)];
  if (q.q) {
    const pattern = likeContaining(q.q);
    where.push(
      or(
        ilike(products.title, pattern),
        ilike(products.slug, pattern),
        ilike(products.sku, pattern),
        // a barcode as printed ("8 901030 865275") or scanned finds the stored digits
        ilike(products.barcode, likeContaining(normalizeBarcode(q.q) || q.q)),
      )!,
    );
  }
  if (q.category) where.push(sql`lower(${products.category}) = ${q.category.toLowerCase()}`);
  if (q.status === 'archived') where.push(isNotNull(products.archivedAt));
  else {
    where.push(isNull(products.archivedAt));
    if (q.status === 'published') where.push(eq(products.active, true));
    if (q.status === 'draft') where.push(eq(products.active, false));
  }
  if (q.stock === 'sold_out') where.push(sql`${totalSql} = 0`);
  if (q.stock === 'low') {
    where.push(
      sql`${totalSql} > 0 and (${totalSql} <= ${LOW_STOCK_THRESHOLD} or ${lowestSql} <= ${LOW_STOCK_THRESHOLD})`,
    );
  }
  const filter = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        title: products.title,
        imgUrl: products.imgUrl,
        category: products.category,
        regularPricePaise: products.regularPricePaise,
        discountedPricePaise: products.discountedPricePaise,
        hsnCode: products.hsnCode,
        gstRateBp: products.gstRateBp,
        sku: products.sku,
        active: products.active,
        archivedAt: products.archivedAt,
        updatedAt: products.updatedAt,
        stock: totalSql,
        lowest: lowestSql,
        featured: featuredSql,
      })
      .from(products)
      .where(filter)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(filter),
  ]);
  const data: AdminProductRow[] = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    imgUrl: r.imgUrl,
    category: r.category ?? '',
    regularPricePaise: r.regularPricePaise,
    discountedPricePaise: r.discountedPricePaise,
    hsnCode: r.hsnCode,
    gstRateBp: r.gstRateBp,
    sku: r.sku,
    stock: Number(r.stock),
    stockStatus:
      Number(r.stock) <= 0
        ? 'sold_out'
        : Number(r.stock) <= LOW_STOCK_THRESHOLD ||
            (r.lowest !== null && Number(r.lowest) <= LOW_STOCK_THRESHOLD)
          ? 'low_stock'
          : 'in_stock',
    published: r.active,
    featured: Boolean(r.featured),
    archived: r.archivedAt !== null,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return { data, total: count?.n ?? 0, page: q.page, limit: q.limit };
}

// ---------------------------------------------------------------------------------------------
// From the form (or a CSV row) to values

/** A handle from a title: "Blue Pen (0.5 mm)" -> "blue-pen-0-5-mm"; accents dropped. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
  return slug || 'product';
}

/** `base`, or base-2, base-3... : the first no other product of the store has. */
async function uniqueSlug(
  db: DbOrTx,
  storeId: string,
  base: string,
  exceptId: string | null,
): Promise<string> {
  const rows = await db
    .select({ slug: products.slug, id: products.id })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        or(eq(products.slug, base), ilike(products.slug, `${escapeLike(base)}-%`)),
      ),
    );
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The category's own spelling from the categories table (case-insensitive), or null. */
export async function categorySpellings(db: DbOrTx, storeId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.storeId, storeId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
}

export const unknownCategoryMessage = (name: string) =>
  `There is no category "${name}": add it on the Categories screen first`;

/**
 * The form's values as stored: rupees to paise, the 'featured' attribute left to `featured`, stock
 * for exactly the combinations the attributes give (missing ones 0; a product without sizes or
 * colours has the one ('', '') row = `stock`). An archived product stays unpublished.
 */
export function valuesOfForm(
  form: ProductForm,
  resolved: { slug: string; category: string; archived: boolean },
): ProductValues {
  const attributes = form.attributes
    .filter((a) => !isFeaturedKey(a.key))
    .map((a) => ({ key: a.key, values: a.values, metricUnit: a.metricUnit || null }));
  const given = new Map(form.variantStock.map((v) => [variantKey(v.size, v.color), v.onHand]));
  const combos = stockVariantsOf(variantOptionsOf(attributes));
  const plain = combos.length === 1 && combos[0]!.size === '' && combos[0]!.color === '';
  return {
    slug: resolved.slug,
    title: form.title,
    description: form.description,
    category: resolved.category,
    parentCategory: form.parentCategory || null,
    regularPricePaise: rupeesToPaise(form.regularPrice),
    discountedPricePaise:
      form.discountedPrice === null ? null : rupeesToPaise(form.discountedPrice),
    hsnCode: form.hsnCode,
    gstRateBp: form.gstRateBp,
    sku: form.sku,
    barcode: form.barcode,
    weightGrams: form.weightGrams,
    featured: form.featured,
    published: form.published && !resolved.archived,
    images: form.images.map((i) => ({ url: i.url, imageId: i.imageId ?? null })),
    attributes,
    variantStock: combos.map((c) => ({
      ...c,
      onHand: plain ? form.stock : (given.get(variantKey(c.size, c.color)) ?? 0),
    })),
  };
}

/**
 * The fields whose values differ, before and after (only those, in `after`'s key order): what an
 * activity entry logs. Products, categories and store settings all compare this way.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** Checks what the form names in the database and resolves slug and category's spelling. */
async function resolveForm(
  tx: DbOrTx,
  storeId: string,
  form: ProductForm,
  existing: StoredProduct | null,
): Promise<ProductValues> {
  const spelling = (await categorySpellings(tx, storeId)).get(form.category.toLowerCase());
  if (!spelling) {
    const message = unknownCategoryMessage(form.category);
    throw new HttpError(400, message, { category: message });
  }
  const ids = [...new Set(form.images.flatMap((i) => (i.imageId ? [i.imageId] : [])))];
  if (ids.length) {
    const known = new Set(
      (
        await tx
          .select({ id: images.id })
          .from(images)
          .where(and(eq(images.storeId, storeId), inArray(images.id, ids)))
      ).map((r) => r.id),
    );
    const bad = form.images.findIndex((i) => i.imageId && !known.has(i.imageId));
    if (bad >= 0) {
      const message = 'No such uploaded image: upload it again';
      throw new HttpError(400, message, { [`images.${bad}.imageId`]: message });
    }
  }
  let slug: string;
  if (form.slug) {
    slug = form.slug;
    const [other] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.slug, slug)))
      .limit(1);
    if (other && other.id !== existing?.id) throw slugTaken(slug);
  } else {
    slug =
      existing?.values.slug ??
      (await uniqueSlug(tx, storeId, slugify(form.title), existing?.id ?? null));
  }
  if (form.sku) {
    const [holder] = await productsWithSkus(tx, storeId, [form.sku]);
    if (holder && holder.id !== existing?.id) throw skuTaken(form.sku, holder.title);
  }
  return valuesOfForm(form, { slug, category: spelling, archived: existing?.archived ?? false });
}

/** The store's products holding any of these SKUs, compared in any letter case (one query). */
export async function productsWithSkus(
  db: DbOrTx,
  storeId: string,
  skus: string[],
): Promise<{ id: string; sku: string; title: string; slug: string | null }[]> {
  if (skus.length === 0) return [];
  const rows = await db
    .select({ id: products.id, sku: products.sku, title: products.title, slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        inArray(
          sql`lower(${products.sku})`,
          skus.map((k) => k.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => ({ ...r, sku: r.sku! }));
}

/** 409 on the SKU field, naming the product that has it when known. */
export function skuTakenMessage(sku: string, holder: string | null): string {
  return `Another product already has the SKU "${sku}"${holder ? `: ${holder}` : ''}`;
}

const skuTaken = (sku: string, holder: string | null) => {
  const message = skuTakenMessage(sku, holder);
  return new HttpError(409, message, { sku: message });
};

const slugTaken = (slug: string) => {
  const message = `Another product already has the handle "${slug}"`;
  return new HttpError(409, message, { slug: message });
};

// ---------------------------------------------------------------------------------------------
// Writing

async function writeStock(tx: DbOrTx, productId: string, variantStock: VariantStock[]) {
  const now = new Date();
  await tx
    .insert(stockLevels)
    .values(variantStock.map((v) => ({ productId, ...v, updatedAt: now })))
    .onConflictDoUpdate({
      target: [stockLevels.productId, stockLevels.size, stockLevels.color],
      set: { onHand: sql`excluded.on_hand`, updatedAt: now },
    });
  // a sold-out variant given stock tells whoever asked to be notified, on this transaction
  if (variantStock.some((v) => v.onHand > 0)) await queueBackInStockEmails(tx, [productId]);
  const kept = new Set(variantStock.map((v) => variantKey(v.size, v.color)));
  const stale = (
    await tx
      .select({ size: stockLevels.size, color: stockLevels.color })
      .from(stockLevels)
      .where(eq(stockLevels.productId, productId))
  ).filter((r) => !kept.has(variantKey(r.size, r.color)));
  if (stale.length) {
    await tx
      .delete(stockLevels)
      .where(
        and(
          eq(stockLevels.productId, productId),
          or(
            ...stale.map((r) => and(eq(stockLevels.size, r.size), eq(stockLevels.color, r.color))),
          ),
        ),
      );
  }
}

/**
 * Writes a product's values (a new one when `existing` is null) and logs the change, inside the
 * caller's transaction. Only what changed is written; nothing changed writes nothing and answers
 * false. The first image is also the product's `img_url`.
 */
export async function writeProduct(
  tx: DbOrTx,
  actor: Actor,
  existing: StoredProduct | null,
  next: ProductValues,
): Promise<{ id: string; changed: boolean }> {
  const diff = existing ? changedFields(existing.values, next) : null;
  if (existing && Object.keys(diff!.after).length === 0) return { id: existing.id, changed: false };
  const changed = (key: keyof ProductValues) => !diff || key in diff.after;
  const now = new Date();
  const columns = {
    slug: next.slug,
    title: next.title,
    description: next.description,
    imgUrl: next.images[0]?.url ?? '',
    category: next.category,
    parentCategory: next.parentCategory,
    regularPricePaise: next.regularPricePaise,
    discountedPricePaise: next.discountedPricePaise,
    hsnCode: next.hsnCode,
    gstRateBp: next.gstRateBp,
    sku: next.sku,
    barcode: next.barcode,
    weightGrams: next.weightGrams,
    active: next.published && !existing?.archived,
    updatedAt: now,
  };
  let id: string;
  try {
    if (existing) {
      id = existing.id;
      await tx.update(products).set(columns).where(eq(products.id, id));
    } else {
      const [row] = await tx
        .insert(products)
        .values({ storeId: actor.storeId, ...columns })
        .returning({ id: products.id });
      id = row!.id;
    }
  } catch (err) {
    // two saves racing for one SKU or handle: the unique index answers for the later one
    if (isUniqueViolation(err) && violatedConstraint(err) === 'products_store_sku_uq' && next.sku)
      throw skuTaken(next.sku, null);
    if (isUniqueViolation(err) && next.slug) throw slugTaken(next.slug);
    throw err;
  }
  if (changed('images')) {
    await tx.delete(productImages).where(eq(productImages.productId, id));
    if (next.images.length) {
      await tx.insert(productImages).values(
        next.images.map((i, position) => ({
          productId: id,
          position,
          url: i.url,
          imageId: i.imageId,
        })),
      );
    }
  }
  if (changed('attributes') || changed('featured')) {
    await tx.delete(productAttributes).where(eq(productAttributes.productId, id));
    const rows = [
      ...next.attributes,
      ...(next.featured
        ? [{ key: FEATURED_ATTRIBUTE_KEY, values: ['true'], metricUnit: null as string | null }]
        : []),
    ];
    if (rows.length) {
      await tx
        .insert(productAttributes)
        .values(rows.map((a, position) => ({ productId: id, position, ...a })));
    }
  }
  if (changed('variantStock')) await writeStock(tx, id, next.variantStock);
  // published again with stock on hand: the same as a restock to whoever waits for it
  else if (existing && changed('published') && next.published)
    await queueBackInStockEmails(tx, [id]);
  await recordActivity(tx, actor, {
    action: existing ? 'product.update' : 'product.create',
    entityType: 'product',
    entityId: id,
    summary: next.title,
    before: diff ? diff.before : null,
    after: diff ? diff.after : next,
  });
  return { id, changed: true };
}

async function lockStock(tx: DbOrTx, productId: string): Promise<void> {
  await tx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(eq(stockLevels.productId, productId))
    .for('update');
}

/**
 * The owner's stock edits applied to today's units: a cell the form left as it showed keeps what
 * is on hand now; a changed cell moves by the owner's difference (never below 0). A combination
 * the form did not show (new size or colour) takes the typed units.
 */
function rebaseStock(
  submitted: VariantStock[],
  seen: VariantStock[],
  now: VariantStock[],
): VariantStock[] {
  const seenUnits = new Map(seen.map((v) => [variantKey(v.size, v.color), v.onHand]));
  const nowUnits = new Map(now.map((v) => [variantKey(v.size, v.color), v.onHand]));
  return submitted.map((v) => {
    const key = variantKey(v.size, v.color);
    const before = seenUnits.get(key);
    const current = nowUnits.get(key);
    if (before === undefined || current === undefined) return v;
    return { ...v, onHand: Math.max(0, current + (v.onHand - before)) };
  });
}

/** POST /admin/products and PUT /admin/products/:id: one transaction, logged. */
export async function saveProductForm(
  db: Db,
  actor: Actor,
  id: string | null,
  form: ProductForm,
): Promise<{ product: AdminProduct; changed: boolean }> {
  const result = await db.transaction(async (tx) => {
    // hold the product's stock rows: an order committing between our read and our write would
    // otherwise be overwritten by the units we computed from the read
    if (id !== null && isUuid(id)) await lockStock(tx, id);
    const existing = id === null ? null : await requireProduct(tx, actor.storeId, id);
    const next = await resolveForm(tx, actor.storeId, form, existing);
    if (existing && form.stockSeen)
      next.variantStock = rebaseStock(
        next.variantStock,
        form.stockSeen,
        existing.values.variantStock,
      );
    return writeProduct(tx, actor, existing, next);
  });
  return {
    product: await getAdminProduct(db, actor.storeId, result.id),
    changed: result.changed,
  };
}

/** PUT /admin/products/:id/stock: units only. Entries left out keep theirs. */
export async function setProductStock(
  db: Db,
  actor: Actor,
  id: string,
  body: ProductStockBody,
): Promise<{ product: AdminProduct; changed: boolean }> {
  const result = await db.transaction(async (tx) => {
    if (isUuid(id)) await lockStock(tx, id);
    const existing = await requireProduct(tx, actor.storeId, id);
    const current = existing.values.variantStock;
    const units = new Map(current.map((v) => [variantKey(v.size, v.color), v.onHand]));
    if (!hasOptions(existing.values)) {
      const plain = body.stock ?? body.variantStock?.find((v) => !v.size && !v.color)?.onHand;
      if (plain === undefined || body.variantStock?.some((v) => v.size || v.color)) {
        const message = 'This product has no sizes or colours: give stock';
        throw new HttpError(400, message, { stock: message });
      }
      units.set(variantKey('', ''), plain);
    } else {
      if (!body.variantStock) {
        const message = 'This product has sizes or colours: give the stock of each';
        throw new HttpError(400, message, { variantStock: message });
      }
      body.variantStock.forEach((v, i) => {
        const key = variantKey(v.size, v.color);
        if (!units.has(key)) {
          const message = `The product has no ${[v.size, v.color].filter(Boolean).join(' / ') || 'such variant'}`;
          throw new HttpError(400, message, { [`variantStock.${i}`]: message });
        }
        units.set(key, v.onHand);
      });
    }
    const variantStock = current.map((v) => ({
      ...v,
      onHand: units.get(variantKey(v.size, v.color))!,
    }));
    if (JSON.stringify(variantStock) === JSON.stringify(current)) return { id, changed: false };
    await writeStock(tx, id, variantStock);
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    await recordActivity(tx, actor, {
      action: 'product.stock',
      entityType: 'product',
      entityId: id,
      summary: existing.values.title,
      before: { variantStock: current },
      after: { variantStock },
    });
    return { id, changed: true };
  });
  return {
    product: await getAdminProduct(db, actor.storeId, result.id),
    changed: result.changed,
  };
}

/**
 * DELETE /admin/products/:id: a product any order names is archived (hidden everywhere, its order
 * lines kept); one never ordered is deleted with its images, attributes and stock.
 */
export async function deleteProduct(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ outcome: 'deleted' | 'archived' }> {
  return db.transaction(async (tx) => {
    const existing = await requireProduct(tx, actor.storeId, id);
    const snapshot = { ...existing.values, variantStock: undefined };
    if (existing.ordered) {
      if (!existing.archived) {
        await tx
          .update(products)
          .set({ archivedAt: new Date(), active: false, updatedAt: new Date() })
          .where(eq(products.id, id));
        await recordActivity(tx, actor, {
          action: 'product.archive',
          entityType: 'product',
          entityId: id,
          summary: existing.values.title,
          before: { archived: false, published: existing.values.published },
          after: { archived: true, published: false },
        });
      }
      return { outcome: 'archived' as const };
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordActivity(tx, actor, {
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
      summary: existing.values.title,
      before: snapshot,
      after: null,
    });
    return { outcome: 'deleted' as const };
  });
}

/** POST /admin/products/:id/restore: back from the archive, unpublished until the owner publishes it. */
export async function restoreProduct(db: Db, actor: Actor, id: string): Promise<AdminProduct> {
  await db.transaction(async (tx) => {
    const existing = await requireProduct(tx, actor.storeId, id);
    if (!existing.archived) return;
    await tx
      .update(products)
      .set({ archivedAt: null, active: false, updatedAt: new Date() })
      .where(eq(products.id, id));
    await recordActivity(tx, actor, {
      action: 'product.restore',
      entityType: 'product',
      entityId: id,
      summary: existing.values.title,
      before: { archived: true },
      after: { archived: false, published: false },
    });
  });
  return getAdminProduct(db, actor.storeId, id);
}
