import { createHash } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { rupeesToPaise } from '@store/contracts/money';
import type { Db, DbOrTx } from './client';
import { stockVariantsOf, variantOptionsOf } from './product-variants';
import {
  categories,
  productAttributes,
  productImages,
  products,
  stockLevels,
  stores,
} from './schema';
import { seedProducts, seedStockOverrides, type SeedProduct } from './seed-data/catalogue';
import {
  DEFAULT_STORE_ID,
  defaultStoreDomains,
  defaultStoreInfo,
  defaultStoreTax,
} from './seed-data/store';

/** Stable UUID per seeded product so re-seeding keeps ids (carts and order lines stay linked). */
function seedProductId(storeId: string, slug: string): string {
  const h = createHash('sha1').update(`${storeId}:${slug}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const productImageUrls = (slug: string) => [
  `/images/products/${slug}-1.svg`,
  `/images/products/${slug}-2.svg`,
];

/** The demo's starting stock of each variant: 20–200 units, stable per slug, unless overridden. */
function seedStockRows(storeId: string, p: SeedProduct) {
  const options = variantOptionsOf(p.attributes.map((a) => ({ key: a.key, values: a.value })));
  const override = seedStockOverrides[p.slug];
  return stockVariantsOf(options).map(({ size, color }) => {
    const h = createHash('sha1').update(`${p.slug}|${size}|${color}`).digest();
    const usual = 20 + (h.readUInt16BE(0) % 181);
    const onHand =
      typeof override === 'number' ? override : (override?.[`${size}|${color}`] ?? usual);
    return { productId: seedProductId(storeId, p.slug), size, color, onHand };
  });
}

/**
 * Gives the demo products' variants that have no stock row their starting stock; rows that exist
 * (what orders and cancels left) are kept. Products no longer in the database are skipped.
 */
async function seedMissingStock(db: DbOrTx, storeId: string): Promise<void> {
  const present = new Set(
    (await db.select({ id: products.id }).from(products).where(eq(products.storeId, storeId))).map(
      (r) => r.id,
    ),
  );
  const rows = seedProducts
    .flatMap((p) => seedStockRows(storeId, p))
    .filter((r) => present.has(r.productId));
  if (rows.length) await db.insert(stockLevels).values(rows).onConflictDoNothing();
}

/** The demo's category rows, in the store info's order, with its images and parent categories. */
async function seedCategories(tx: DbOrTx, storeId: string, now: Date): Promise<void> {
  const names = defaultStoreInfo.categories;
  await tx.delete(categories).where(eq(categories.storeId, storeId));
  await tx.insert(categories).values(
    names.map((name, position) => ({
      storeId,
      name,
      position,
      imageUrl: defaultStoreInfo.categoryImages[name] ?? '',
      parentCategories: [
        ...new Set(
          seedProducts
            .filter((p) => p.category === name && p.parentCategory)
            .map((p) => p.parentCategory!),
        ),
      ],
      updatedAt: now,
    })),
  );
}

/** The store's own row as a new shop starts: the demo's settings, edited in the back office. */
function defaultStoreRow() {
  return {
    id: DEFAULT_STORE_ID,
    domains: defaultStoreDomains,
    isDefault: true,
    ...defaultStoreInfo,
    ...defaultStoreTax,
  };
}

/**
 * Writes (or rewrites) the demo store and its catalogue. Users and orders are kept, and so is
 * stock: only variants without a stock row get the demo's starting stock, so `npm start` on an
 * existing data folder (which seeds again) never undoes what orders took.
 */
export async function seedCatalogue(
  db: Db,
  now = new Date(),
): Promise<{ storeId: string; products: number }> {
  const storeId = DEFAULT_STORE_ID;
  await db.transaction(async (tx) => {
    const storeRow = defaultStoreRow();
    await tx
      .insert(stores)
      .values(storeRow)
      .onConflictDoUpdate({ target: stores.id, set: { ...storeRow, updatedAt: now } });

    // newest first in the listing follows catalogue order: the first product is the newest
    const rows = seedProducts.map((p, i) => ({
      id: seedProductId(storeId, p.slug),
      storeId,
      slug: p.slug,
      title: p.title,
      description: p.description,
      imgUrl: productImageUrls(p.slug)[0]!,
      category: p.category,
      parentCategory: p.parentCategory,
      gender: null,
      regularPricePaise: rupeesToPaise(p.price),
      discountedPricePaise: p.discounted === null ? null : rupeesToPaise(p.discounted),
      hsnCode: p.hsnCode,
      gstRateBp: p.gstRateBp,
      weightGrams: p.weightGrams,
      active: true,
      createdAt: new Date(now.getTime() - i * 3_600_000),
      updatedAt: now,
    }));
    const ids = rows.map((r) => r.id);
    await tx
      .delete(products)
      .where(and(eq(products.storeId, storeId), notInArray(products.id, ids)));
    await tx
      .insert(products)
      .values(rows)
      .onConflictDoUpdate({
        target: products.id,
        set: {
          slug: sql`excluded.slug`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          imgUrl: sql`excluded.img_url`,
          category: sql`excluded.category`,
          parentCategory: sql`excluded.parent_category`,
          gender: sql`excluded.gender`,
          regularPricePaise: sql`excluded.regular_price_paise`,
          discountedPricePaise: sql`excluded.discounted_price_paise`,
          hsnCode: sql`excluded.hsn_code`,
          gstRateBp: sql`excluded.gst_rate_bp`,
          weightGrams: sql`excluded.weight_grams`,
          active: sql`excluded.active`,
          createdAt: sql`excluded.created_at`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    await tx
      .delete(productImages)
      .where(
        sql`${productImages.productId} in (select id from products where store_id = ${storeId})`,
      );
    await tx
      .delete(productAttributes)
      .where(
        sql`${productAttributes.productId} in (select id from products where store_id = ${storeId})`,
      );
    await tx.insert(productImages).values(
      seedProducts.flatMap((p) =>
        productImageUrls(p.slug).map((url, position) => ({
          productId: seedProductId(storeId, p.slug),
          position,
          url,
        })),
      ),
    );
    await tx.insert(productAttributes).values(
      seedProducts.flatMap((p) =>
        p.attributes.map((a, position) => ({
          productId: seedProductId(storeId, p.slug),
          position,
          key: a.key,
          values: a.value,
          metricUnit: a.metricUnit ?? null,
        })),
      ),
    );
    await seedCategories(tx, storeId, now);
    await seedMissingStock(tx, storeId);
  });
  return { storeId, products: seedProducts.length };
}

/**
 * A production start without the demo (seed-on-start.ts): the store's own row with the default
 * settings and no products, so the shop answers from the first request and the owner fills in
 * name, address, GSTIN and catalogue in the back office. Nothing when a store exists.
 */
export async function ensureStoreRow(db: Db): Promise<boolean> {
  const inserted = await db
    .insert(stores)
    .values({
      id: DEFAULT_STORE_ID,
      domains: defaultStoreDomains,
      isDefault: true,
      ...defaultStoreInfo,
      ...defaultStoreTax,
    })
    .onConflictDoNothing()
    .returning({ id: stores.id });
  return inserted.length > 0;
}

/**
 * First start: seed when there is no store yet. Returns true when it seeded. A data folder from
 * before stock existed gets the demo's starting stock for its variants without a row.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stores);
  if ((row?.n ?? 0) > 0) {
    await seedMissingStock(db, DEFAULT_STORE_ID);
    return false;
  }
  await seedCatalogue(db);
  return true;
}
