import { and, eq, inArray } from 'drizzle-orm';
import type {
  CartLineView,
  ListAvailability,
  WishlistItemView,
} from '@store/contracts/account-lists';
import { isUuid } from '@store/contracts/ids';
import type { StoredCartLine } from '@store/contracts/list-changes';
import { effectivePrice, paiseToRupees } from '@store/contracts/money';
import { availabilityOf } from '@store/contracts/stock';
import type { DbOrTx } from '../../db/client';
import type { VariantOptions } from '../../db/product-variants';
import { products } from '../../db/schema';
import { publicImageUrl } from '../media/site-images';
import { findVariantOptions, stockRowsOf } from '../products/products.service';

/** A stored line with the title it was saved with (shown when the product is gone). */
export interface TitledLine extends StoredCartLine {
  title?: string;
}

interface ProductNow {
  title: string;
  image: string;
  pricePaise: number;
  /** published and not archived: on sale */
  onSale: boolean;
  options: VariantOptions;
  /** units on hand by size and colour ('' where the product has no such option) */
  stock: { size: string; color: string; onHand: number }[];
}

/**
 * The products of this store among `ids` as a shopper may see them now: title, picture, price,
 * whether they are on sale, their sizes, colours and stock. Four queries for any number of ids;
 * ids that are not uuids or not this store's are simply not found.
 */
async function productsNow(
  db: DbOrTx,
  storeId: string,
  ids: readonly string[],
): Promise<Map<string, ProductNow>> {
  const valid = [...new Set(ids.filter(isUuid))];
  const found = new Map<string, ProductNow>();
  if (valid.length === 0) return found;
  const [rows, options, stock] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        imgUrl: products.imgUrl,
        regular: products.regularPricePaise,
        discounted: products.discountedPricePaise,
        active: products.active,
        archivedAt: products.archivedAt,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, valid))),
    findVariantOptions(db, valid),
    stockRowsOf(db, valid),
  ]);
  for (const r of rows) {
    found.set(r.id, {
      title: r.title,
      image: publicImageUrl(r.imgUrl),
      pricePaise: effectivePrice(r.regular, r.discounted),
      onSale: r.active && r.archivedAt === null,
      options: options.get(r.id) ?? { sizes: [], colors: [] },
      stock: [],
    });
  }
  for (const s of stock) found.get(s.productId)?.stock.push(s);
  return found;
}

const unavailable: ListAvailability = { status: 'unavailable', left: null };

/**
 * A line's stock: its variant's row, the product's only size or colour standing in for one not
 * chosen (as an order does); a line still waiting for a choice counts every variant it could be.
 */
function lineAvailability(line: StoredCartLine, product: ProductNow): ListAvailability {
  const { sizes, colors } = product.options;
  if (line.size && !sizes.includes(line.size)) return unavailable;
  if (line.color && !colors.includes(line.color)) return unavailable;
  const size = line.size || (sizes.length === 1 ? sizes[0]! : null);
  const color = line.color || (colors.length === 1 ? colors[0]! : null);
  const onHand = product.stock
    .filter((s) => (size === null || s.size === size) && (color === null || s.color === color))
    .reduce((sum, s) => sum + s.onHand, 0);
  return availabilityOf(onHand);
}

/** Several sizes or colours: the cart asks for one; a single one needs no choice. */
const choices = (values: string[]) => (values.length > 1 ? values : []);

/** The lines as they are now: each product's current title, picture, price and stock. */
export async function viewCartLines(
  db: DbOrTx,
  storeId: string,
  lines: readonly TitledLine[],
): Promise<CartLineView[]> {
  const now = await productsNow(
    db,
    storeId,
    lines.map((l) => l.productId),
  );
  return lines.map((line) => {
    const { productId, size, color, quantity } = line;
    const product = now.get(productId);
    if (!product)
      return {
        productId,
        size,
        color,
        quantity,
        title: line.title ?? '',
        image: '',
        price: 0,
        sizeOptions: [],
        colorOptions: [],
        availability: unavailable,
      };
    return {
      productId,
      size,
      color,
      quantity,
      title: product.title,
      image: product.image,
      price: paiseToRupees(product.pricePaise),
      sizeOptions: choices(product.options.sizes),
      colorOptions: choices(product.options.colors),
      availability: product.onSale ? lineAvailability(line, product) : unavailable,
    };
  });
}

/** Saved products as they are now, in the order given. */
export async function viewWishlist(
  db: DbOrTx,
  storeId: string,
  items: readonly { productId: string; title?: string }[],
): Promise<WishlistItemView[]> {
  const now = await productsNow(
    db,
    storeId,
    items.map((i) => i.productId),
  );
  return items.map(({ productId, title }) => {
    const product = now.get(productId);
    if (!product)
      return { productId, title: title ?? '', image: '', price: 0, availability: unavailable };
    const onHand = product.stock.reduce((sum, s) => sum + s.onHand, 0);
    return {
      productId,
      title: product.title,
      image: product.image,
      price: paiseToRupees(product.pricePaise),
      availability: product.onSale ? availabilityOf(onHand) : unavailable,
    };
  });
}

/** The titles of this store's products among `ids` (any state): what a new line is saved with. */
export async function productTitles(
  db: DbOrTx,
  storeId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, valid)));
  return new Map(rows.map((r) => [r.id, r.title]));
}
