// How a signed-in shopper's cart and wishlist change on the server (docs/decisions/server-carts.md):
// plain functions with no zod import, so the server (under a lock of the shopper's cart) and the
// storefront (rebasing what it changed while a request was away) apply the same rules.
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY, WISHLIST_MAX_ITEMS } from './limits';

/** A cart line's identity: the product, its size and its colour ('' where there is none). */
export interface CartLineKey {
  productId: string;
  size: string;
  color: string;
}

export interface StoredCartLine extends CartLineKey {
  quantity: number;
}

/**
 * One change a device made to the cart since it last heard from the server. Each is idempotent,
 * so a request sent twice (a retry, two tabs) changes nothing more the second time:
 * - `merge`: a line this device added (or held as a visitor when signing in): kept at the larger
 *   of the two quantities when the cart has it already, added otherwise;
 * - `set`: this device changed a line's quantity; a line no longer in the cart (removed or
 *   ordered on another device) stays out;
 * - `remove`: this device removed the line.
 */
export type CartChange =
  | ({ op: 'merge' } & StoredCartLine)
  | ({ op: 'set' } & StoredCartLine)
  | ({ op: 'remove' } & CartLineKey);

export type WishlistChange = { op: 'add' | 'remove'; productId: string };

/** Most changes one request may carry; a device with more sends them in several requests. */
export const LIST_CHANGES_MAX = 100;
/** Sizes and colours are the product's attribute values: short words, never pages of text. */
export const LIST_OPTION_MAX = 100;
/** How many lines or products one check of a visitor's lists may name (a cart may hold more than an order). */
export const LIST_CHECK_MAX = 100;
/** Longest product id a list takes (ids are uuids; anything longer is not one). */
export const LIST_PRODUCT_ID_MAX = 64;

/** What a line or saved product says when its product was deleted or unpublished, or its size is gone. */
export const NO_LONGER_AVAILABLE = 'No longer available';

/** One string per identity (sizes and colours are free text, so no separator could be trusted). */
export const cartLineKey = (line: CartLineKey): string =>
  JSON.stringify([line.productId, line.size, line.color]);

const sameKey = (a: CartLineKey, b: CartLineKey) =>
  a.productId === b.productId && a.size === b.size && a.color === b.color;

/**
 * The cart after `changes`, in order, under the order limits: at most ORDER_MAX_LINES lines and
 * ORDER_MAX_QUANTITY units of a product (all its sizes and colours together). A line that would
 * pass them is lowered to what fits, or not added; lines keep their order and new ones go last.
 */
export function applyCartChanges(
  lines: readonly StoredCartLine[],
  changes: readonly CartChange[],
): StoredCartLine[] {
  const out = lines.map((l) => ({ ...l }));
  for (const change of changes) {
    const at = out.findIndex((l) => sameKey(l, change));
    if (change.op === 'remove') {
      if (at >= 0) out.splice(at, 1);
      continue;
    }
    const others = out.reduce(
      (sum, l, i) => (i !== at && l.productId === change.productId ? sum + l.quantity : sum),
      0,
    );
    const room = Math.max(0, ORDER_MAX_QUANTITY - others);
    const wanted = Math.max(1, Math.floor(change.quantity));
    const line = out[at];
    if (line) {
      const quantity = change.op === 'merge' ? Math.max(line.quantity, wanted) : wanted;
      line.quantity = Math.max(1, Math.min(quantity, room));
      continue;
    }
    if (change.op === 'set' || room < 1 || out.length >= ORDER_MAX_LINES) continue;
    const { productId, size, color } = change;
    out.push({ productId, size, color, quantity: Math.min(wanted, room) });
  }
  return out;
}

/**
 * What this device changed since `base` (the cart as the server last answered it), as changes to
 * send: removals first (they make room), then new quantities, then new lines. Without a base (the
 * first sync after signing in) every line is a merge: the visitor's cart joins the account's.
 */
export function diffCart(
  base: readonly StoredCartLine[] | null,
  local: readonly StoredCartLine[],
): CartChange[] {
  const key = ({ productId, size, color }: CartLineKey): CartLineKey => ({
    productId,
    size,
    color,
  });
  if (!base) return local.map((l) => ({ op: 'merge', ...key(l), quantity: l.quantity }));
  const before = new Map(base.map((l) => [cartLineKey(l), l]));
  const now = new Set(local.map(cartLineKey));
  const removed: CartChange[] = base
    .filter((l) => !now.has(cartLineKey(l)))
    .map((l) => ({ op: 'remove', ...key(l) }));
  const set: CartChange[] = [];
  const merged: CartChange[] = [];
  for (const l of local) {
    const was = before.get(cartLineKey(l));
    if (!was) merged.push({ op: 'merge', ...key(l), quantity: l.quantity });
    else if (was.quantity !== l.quantity) set.push({ op: 'set', ...key(l), quantity: l.quantity });
  }
  return [...removed, ...set, ...merged];
}

/** The wishlist (product ids, oldest first) after `changes`; past the limit the oldest drop off. */
export function applyWishlistChanges(
  ids: readonly string[],
  changes: readonly WishlistChange[],
): string[] {
  let out = [...ids];
  for (const change of changes) {
    const has = out.includes(change.productId);
    if (change.op === 'remove') {
      if (has) out = out.filter((id) => id !== change.productId);
    } else if (!has) out.push(change.productId);
  }
  return out.slice(-WISHLIST_MAX_ITEMS);
}

/** What this device changed since `base`; without one (just signed in) every saved product is added. */
export function diffWishlist(
  base: readonly string[] | null,
  local: readonly string[],
): WishlistChange[] {
  if (!base) return local.map((productId) => ({ op: 'add', productId }));
  const before = new Set(base);
  const now = new Set(local);
  return [
    ...base.filter((id) => !now.has(id)).map((productId) => ({ op: 'remove' as const, productId })),
    ...local
      .filter((id) => !before.has(id))
      .map((productId) => ({ op: 'add' as const, productId })),
  ];
}
