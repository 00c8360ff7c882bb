import { toast } from '@store/ui/toast';
import {
  capped,
  maxLineQuantity,
  sameLine,
  withOptions,
  type CartLine,
  type LineIdentity,
} from './cart-reducer';
import { useCartStore } from './cart-store';

// The cart page's own changes (remove, quantity, a choice left open, clear) and the checkout's
// clear: apart from the store, so the pages that only add to the cart (home, listings, a product)
// do not load them.

/**
 * Remove by id (spec section 4). When a size/colour is given only that variant goes, so removing
 * one variant from the cart page leaves the others.
 */
export function removeLine(lines: readonly CartLine[], target: LineIdentity | string): CartLine[] {
  if (typeof target === 'string') return lines.filter((l) => l.id !== target);
  return lines.filter((l) => !sameLine(l, target));
}

/** Quantities below 1 are ignored (the cart's decrease stops at 1); above the order limit, capped. */
export function updateLineQuantity(
  lines: readonly CartLine[],
  target: LineIdentity,
  quantity: number,
): CartLine[] {
  if (!Number.isFinite(quantity) || quantity < 1) return [...lines];
  const q = Math.min(Math.floor(quantity), maxLineQuantity(lines, target));
  if (q < 1) return [...lines];
  return lines.map((l) => (sameLine(l, target) ? { ...l, quantity: q } : l));
}

/**
 * Sets a line's size and/or colour. When another line already has the new identity the two
 * become one (quantities added, up to the order limit), so the cart never holds a line twice.
 */
export function chooseLineOptions(
  lines: readonly CartLine[],
  target: LineIdentity,
  choice: { size?: string; color?: string },
): CartLine[] {
  const line = lines.find((l) => sameLine(l, target));
  if (!line) return [...lines];
  const chosen: CartLine = {
    ...line,
    ...(choice.size !== undefined ? { selectedSize: choice.size } : {}),
    ...(choice.color !== undefined ? { selectedColor: choice.color } : {}),
  };
  const twin = lines.find((l) => l !== line && sameLine(l, chosen));
  if (!twin) return lines.map((l) => (l === line ? chosen : l));
  return lines
    .filter((l) => l !== line)
    .map((l) =>
      l === twin ? withOptions({ ...l, quantity: capped(l.quantity + line.quantity) }, line) : l,
    );
}

const edit = (change: (lines: CartLine[]) => CartLine[]) =>
  useCartStore.setState((state) => ({ items: change(state.items) }));

export function removeItem(target: LineIdentity | string): void {
  edit((lines) => removeLine(lines, target));
  toast('Removed from cart');
}

export function updateQuantity(target: LineIdentity, quantity: number): void {
  edit((lines) => updateLineQuantity(lines, target, quantity));
}

/** sets the size and/or colour of a line added without them */
export function chooseOptions(
  target: LineIdentity,
  choice: { size?: string; color?: string },
): void {
  edit((lines) => chooseLineOptions(lines, target, choice));
}

export function clearCart(options?: { silent?: boolean }): void {
  edit(() => []);
  if (!options?.silent) toast('Cart cleared');
}
