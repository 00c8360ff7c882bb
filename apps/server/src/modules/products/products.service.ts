import { and, asc, eq, getTableColumns, ilike, inArray, or } from 'drizzle-orm';
import { isUuid } from '@store/contracts/ids';
import { paiseToRupees } from '@store/contracts/money';
import type { Product, ProductVariant } from '@store/contracts/products';
import { availabilityOf } from '@store/contracts/stock';
import type { DbOrTx } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { likeContaining } from '../../lib/like-pattern';
import { variantOptionsOf, type VariantOptions } from '../../db/product-variants';
import { images, productAttributes, productImages, products, stockLevels } from '../../db/schema';
import { renditionUrls } from '../media/images.service';
import { publicImageUrl } from '../media/site-images';

// Everything but the search columns, which only the database reads (product-search.service.ts).
const {
  searchDoc: _searchDoc,
  facetValues: _facetValues,
  ...productColumns
} = getTableColumns(products);
export { productColumns };
export type ProductRow = Omit<typeof products.$inferSelect, 'searchDoc' | 'facetValues'>;

interface ImageRow {
  url: string;
  imageId: string | null;
  widths: number[] | null;
}

/** An uploaded image carries its renditions' srcset; shipped art and outside URLs only a URL. */
function productImage(i: ImageRow): Product['images'][number] {
  return i.imageId && i.widths?.length
    ? { url: i.url, srcset: renditionUrls(i.imageId, i.widths).srcset }
    : { url: publicImageUrl(i.url) };
}

/** imgUrl is the first image's URL (admin-products.service.ts): its srcset, when uploaded. */
function imgSrcsetOf(imgUrl: string, rows: ImageRow[] = []): Pick<Product, 'imgSrcset'> {
  const main = rows.find((i) => i.url === imgUrl);
  const srcset = main && productImage(main).srcset;
  return srcset ? { imgSrcset: srcset } : {};
}

/** The stock rows (units on hand per size and colour, '' where none) of these products. */
export function stockRowsOf(db: DbOrTx, ids: readonly string[]) {
  return db
    .select({
      productId: stockLevels.productId,
      size: stockLevels.size,
      color: stockLevels.color,
      onHand: stockLevels.onHand,
    })
    .from(stockLevels)
    .where(inArray(stockLevels.productId, [...ids]))
    .orderBy(asc(stockLevels.productId), asc(stockLevels.size), asc(stockLevels.color));
}

/** Stock per product for a page of products: one query, grouped here. */
async function stockOf(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, Pick<Product, 'availability' | 'variants'>>> {
  const rows = await stockRowsOf(db, ids);
  const sums = new Map<string, number>();
  const variants = new Map<string, ProductVariant[]>();
  for (const r of rows) {
    sums.set(r.productId, (sums.get(r.productId) ?? 0) + r.onHand);
    // the ('', '') row is the stock of a product without options: no variant to choose
    if (r.size === '' && r.color === '') continue;
    const list = variants.get(r.productId) ?? [];
    list.push({
      size: r.size || null,
      color: r.color || null,
      availability: availabilityOf(r.onHand),
    });
    variants.set(r.productId, list);
  }
  // a product with no stock row has nothing to sell: sold out
  return new Map(
    ids.map((id) => [
      id,
      { availability: availabilityOf(sums.get(id) ?? 0), variants: variants.get(id) ?? [] },
    ]),
  );
}

/** Rows to API products, loading images, attributes and stock for all of them in three queries. */
export async function hydrate(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [imageRows, attributes, stock] = await Promise.all([
    // an uploaded image's widths come in the same query (its srcset), so still one per page
    db
      .select({
        productId: productImages.productId,
        url: productImages.url,
        imageId: images.id,
        widths: images.widths,
      })
      .from(productImages)
      .leftJoin(images, eq(images.id, productImages.imageId))
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position)),
    db
      .select()
      .from(productAttributes)
      .where(inArray(productAttributes.productId, ids))
      .orderBy(asc(productAttributes.position)),
    stockOf(db, ids),
  ]);
  const imagesOf = groupBy(imageRows, (i) => i.productId);
  const attributesOf = groupBy(attributes, (a) => a.productId);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    // shipped art under its hashed, immutable name (media/site-images.ts)
    imgUrl: publicImageUrl(r.imgUrl),
    ...imgSrcsetOf(r.imgUrl, imagesOf.get(r.id)),
    category: r.category ?? '',
    parentCategory: r.parentCategory,
    regularPrice: paiseToRupees(r.regularPricePaise),
    discountedPrice: r.discountedPricePaise === null ? null : paiseToRupees(r.discountedPricePaise),
    createdAt: r.createdAt.toISOString(),
    images: (imagesOf.get(r.id) ?? []).map(productImage),
    attributes: (attributesOf.get(r.id) ?? []).map((a) => ({
      id: a.id,
      key: a.key,
      value: a.values,
      metricUnit: a.metricUnit,
    })),
    ...stock.get(r.id)!,
    ...(r.sku ? { sku: r.sku } : {}),
    ...(r.barcode ? { barcode: r.barcode } : {}),
    ...(r.weightGrams !== null ? { weightGrams: r.weightGrams } : {}),
    // cached on the product by modules/reviews when a review is published or hidden
    rating:
      r.ratingCount > 0 && r.ratingAverage !== null
        ? { average: Number(r.ratingAverage), count: r.ratingCount }
        : null,
  }));
}

export async function getProduct(db: DbOrTx, storeId: string, id: string): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select(productColumns)
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
    .select(productColumns)
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.active, true), inArray(products.id, valid)),
    );
}

/** The sizes and colours each product offers (the attribute keys the storefront reads). */
export async function findVariantOptions(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, VariantOptions>> {
  const options = new Map<string, VariantOptions>();
  if (ids.length === 0) return options;
  const rows = await db
    .select({
      productId: productAttributes.productId,
      key: productAttributes.key,
      values: productAttributes.values,
    })
    .from(productAttributes)
    .where(inArray(productAttributes.productId, ids));
  for (const [productId, attributes] of groupBy(rows, (r) => r.productId)) {
    options.set(productId, variantOptionsOf(attributes));
  }
  return options;
}

/** The back office's New order product search: active products whose title or SKU has `q`, with their variants. */
export async function findProductsToOrder(
  db: DbOrTx,
  storeId: string,
  q: string,
  limit = 10,
): Promise<Product[]> {
  const like = likeContaining(q);
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.active, true),
        or(ilike(products.title, like), ilike(products.sku, like)),
      ),
    )
    .orderBy(asc(products.title))
    .limit(limit);
  return hydrate(db, rows);
}
