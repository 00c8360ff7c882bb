import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '@store/contracts/ids';
import { paiseToRupees } from '@store/contracts/money';
import type { Product, ProductListQuery, ProductListResponse } from '@store/contracts/products';
import type { DbOrTx } from '../../db/client';
import { productAttributes, productImages, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;

function listConditions(storeId: string, q: ProductListQuery): SQL[] {
  const where: SQL[] = [eq(products.storeId, storeId), eq(products.active, true)];
  if (q.category) where.push(sql`lower(${products.category}) = ${q.category.trim().toLowerCase()}`);
  if (q.gender) where.push(sql`lower(${products.gender}) = ${q.gender.trim().toLowerCase()}`);
  if (q.parentCategory) {
    where.push(sql`lower(${products.parentCategory}) = ${q.parentCategory.trim().toLowerCase()}`);
  }
  if (q.filter) {
    const items = q.filter
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const names = items.filter((s) => s.toLowerCase() !== 'null').map((s) => s.toLowerCase());
    const parts: SQL[] = [];
    if (names.length) parts.push(inArray(sql`lower(${products.category})`, names));
    if (items.some((s) => s.toLowerCase() === 'null')) parts.push(isNull(products.category));
    if (parts.length) where.push(or(...parts)!);
  }
  if (q.featured === 'true') {
    where.push(sql`exists (select 1 from ${productAttributes} pa where pa.product_id = ${products.id}
      and lower(pa.key) = 'featured' and exists (select 1 from unnest(pa.values) v where lower(v) like '%true%'))`);
  }
  return where;
}

/** Rows to API products, loading images and attributes for all of them in two queries. */
async function hydrate(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, attributes] = await Promise.all([
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
  ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    imgUrl: r.imgUrl,
    category: r.category ?? '',
    parentCategory: r.parentCategory,
    regularPrice: paiseToRupees(r.regularPricePaise),
    discountedPrice: r.discountedPricePaise === null ? null : paiseToRupees(r.discountedPricePaise),
    createdAt: r.createdAt.toISOString(),
    images: images.filter((i) => i.productId === r.id).map((i) => ({ url: i.url })),
    attributes: attributes
      .filter((a) => a.productId === r.id)
      .map((a) => ({ id: a.id, key: a.key, value: a.values, metricUnit: a.metricUnit })),
  }));
}

/** Newest first; ties broken by title then id so pages never overlap. */
export async function listProducts(
  db: DbOrTx,
  storeId: string,
  q: ProductListQuery,
): Promise<ProductListResponse> {
  const where = and(...listConditions(storeId, q));
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const total = countRow?.n ?? 0;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.title), asc(products.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    data: await hydrate(db, rows),
    pagination: { total, page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
  };
}

export async function getProduct(db: DbOrTx, storeId: string, id: string): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, id), eq(products.active, true)))
    .limit(1);
  const [product] = await hydrate(db, rows);
  return product ?? null;
}

/** Active products of the store among `ids` (invalid ids are simply not found). */
export async function findProductsForOrder(
  db: DbOrTx,
  storeId: string,
  ids: string[],
): Promise<ProductRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.active, true), inArray(products.id, valid)),
    );
}

const SIZE_KEYS = ['size', 'sizes'];
const COLOR_KEYS = ['color', 'colour', 'colours', 'colors'];

/** The sizes and colours each product offers (the attribute keys the storefront reads). */
export async function findVariantOptions(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { sizes: string[]; colors: string[] }>> {
  const options = new Map<string, { sizes: string[]; colors: string[] }>();
  if (ids.length === 0) return options;
  const rows = await db
    .select({
      productId: productAttributes.productId,
      key: productAttributes.key,
      values: productAttributes.values,
    })
    .from(productAttributes)
    .where(inArray(productAttributes.productId, ids));
  for (const row of rows) {
    const entry = options.get(row.productId) ?? { sizes: [], colors: [] };
    const key = row.key.toLowerCase();
    if (SIZE_KEYS.includes(key)) entry.sizes.push(...row.values);
    if (COLOR_KEYS.includes(key)) entry.colors.push(...row.values);
    options.set(row.productId, entry);
  }
  return options;
}
