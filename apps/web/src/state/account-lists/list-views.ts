import { create } from 'zustand';
import type {
  CartLineView,
  ListAvailability,
  WishlistItemView,
} from '@store/contracts/account-lists';
import {
  cartLineKey,
  LIST_OPTION_MAX,
  LIST_PRODUCT_ID_MAX,
  type StoredCartLine,
} from '@store/contracts/list-changes';
import type { CartLine } from '@/lib/cart-line';
import type { WishlistItem } from '../wishlist/wishlist-rules';

/**
 * What the last check of a line or saved product found beyond what the list itself keeps: whether
 * it can still be bought, and the price the shopper saw before, when it changed. Kept for this
 * visit only: every view of the cart or the wishlist checks again.
 */
export interface ListCheck {
  status: ListAvailability['status'];
  /** units left while stock is low */
  left: number | null;
  /** the price the list showed before this check found another */
  priceWas?: number;
}

interface ListChecks {
  /** by cart line key (contracts' cartLineKey) */
  cart: Record<string, ListCheck>;
  /** by product id */
  wishlist: Record<string, ListCheck>;
}

export const useListChecks = create<ListChecks>()(() => ({ cart: {}, wishlist: {} }));

/** A cart line as the server keeps it: the product, its size and colour ('' for none), the quantity. */
export const storedLine = (line: CartLine): StoredCartLine => ({
  productId: line.id,
  size: line.selectedSize ?? '',
  color: line.selectedColor ?? '',
  quantity: line.quantity,
});

export const lineKeyOf = (line: CartLine): string => cartLineKey(storedLine(line));

/**
 * Lines the server would refuse as input (an id or an option longer than any real one: a cart
 * edited by hand, or saved by a build with other rules) stay in this browser and are never sent.
 */
export const sendable = (line: CartLine): boolean =>
  line.id.length > 0 &&
  line.id.length <= LIST_PRODUCT_ID_MAX &&
  (line.selectedSize ?? '').length <= LIST_OPTION_MAX &&
  (line.selectedColor ?? '').length <= LIST_OPTION_MAX;

function stockLeftOf(availability: ListAvailability): number | undefined {
  if (availability.status === 'sold_out') return 0;
  return availability.status === 'low_stock' && availability.left !== null
    ? availability.left
    : undefined;
}

/**
 * The line as the server sees its product now (title, picture, price, choices, stock), at
 * `quantity`. A deleted product's line keeps what this browser knew of it when the server has
 * nothing better (no title, no picture).
 */
export function lineFromView(view: CartLineView, known: CartLine | undefined, quantity: number) {
  const line: CartLine = {
    id: view.productId,
    name: view.title || known?.name || 'A product no longer sold',
    image: view.image || known?.image || '',
    price: view.availability.status === 'unavailable' && known ? known.price : view.price,
    quantity,
    ...(view.size ? { selectedSize: view.size } : {}),
    ...(view.color ? { selectedColor: view.color } : {}),
    ...(view.sizeOptions.length > 1 ? { sizeOptions: view.sizeOptions } : {}),
    ...(view.colorOptions.length > 1 ? { colorOptions: view.colorOptions } : {}),
  };
  const stockLeft = stockLeftOf(view.availability);
  if (stockLeft !== undefined) line.stockLeft = stockLeft;
  return line;
}

/** The check of a line: its status, and the price the list showed when the server's differs. */
function checkOf(
  view: { price: number; availability: ListAvailability },
  known: { price: number } | undefined,
): ListCheck {
  const { status, left } = view.availability;
  return known && status !== 'unavailable' && known.price !== view.price
    ? { status, left, priceWas: known.price }
    : { status, left };
}

/**
 * The cart after a check: each line that has a view takes the product as it is now, keeping its
 * quantity here; a line without one (sent after the check left, or never sent) stays as it is.
 * Records each line's check for the cart page.
 */
export function checkedCart(
  lines: readonly CartLine[],
  views: readonly CartLineView[],
): CartLine[] {
  const byKey = new Map(views.map((v) => [cartLineKey(v), v]));
  const checks: Record<string, ListCheck> = {};
  const next = lines.map((line) => {
    const key = lineKeyOf(line);
    const view = byKey.get(key);
    if (!view) return line;
    checks[key] = checkOf(view, line);
    return lineFromView(view, line, line.quantity);
  });
  recordCartChecks(checks);
  return next;
}

/** Merges in what checks found, keeping a price change noticed earlier in this visit. */
export function recordCartChecks(checks: Record<string, ListCheck>): void {
  useListChecks.setState((state) => ({
    cart: Object.fromEntries(
      Object.entries(checks).map(([key, check]) => [
        key,
        check.priceWas === undefined && state.cart[key]?.priceWas !== undefined
          ? { ...check, priceWas: state.cart[key].priceWas }
          : check,
      ]),
    ),
  }));
}

/** The check of each line from the server's views of them, against what this browser showed. */
export function cartChecksOf(
  views: readonly CartLineView[],
  known: readonly CartLine[],
): Record<string, ListCheck> {
  const byKey = new Map(known.map((l) => [lineKeyOf(l), l]));
  return Object.fromEntries(
    views.map((v) => [cartLineKey(v), checkOf(v, byKey.get(cartLineKey(v)))]),
  );
}

/** A saved product as the server sees it now; a deleted one keeps what this browser knew. */
export function itemFromView(
  view: WishlistItemView,
  known: WishlistItem | undefined,
): WishlistItem {
  return {
    id: view.productId,
    name: view.title || known?.name || 'A product no longer sold',
    image: view.image || known?.image || '',
    price: view.availability.status === 'unavailable' && known ? known.price : view.price,
  };
}

/** Records the checks of saved products (status, a changed price) for the wishlist page. */
export function recordWishlistChecks(
  views: readonly WishlistItemView[],
  known: readonly WishlistItem[],
): void {
  const byId = new Map(known.map((i) => [i.id, i]));
  useListChecks.setState((state) => ({
    wishlist: Object.fromEntries(
      views.map((v) => {
        const check = checkOf(v, byId.get(v.productId));
        const earlier = state.wishlist[v.productId]?.priceWas;
        return [
          v.productId,
          check.priceWas === undefined && earlier !== undefined
            ? { ...check, priceWas: earlier }
            : check,
        ];
      }),
    ),
  }));
}
