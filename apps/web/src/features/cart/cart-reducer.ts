import type { CartLine } from '@/lib/cart-line';

export type { CartLine };

export type LineIdentity = Pick<CartLine, 'id' | 'selectedSize' | 'selectedColor'>;

export const CART_STORAGE_KEY = 'cart';

export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return (
    a.id === b.id &&
    (a.selectedSize ?? '') === (b.selectedSize ?? '') &&
    (a.selectedColor ?? '') === (b.selectedColor ?? '')
  );
}

/** Stable key for React lists and quantity updates. */
export function lineKey(line: LineIdentity): string {
  return [line.id, line.selectedSize ?? '', line.selectedColor ?? ''].join('|');
}

/** Adding a matching line raises its quantity; anything else is a new line. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const quantity = Math.max(1, Math.floor(line.quantity));
  const existing = lines.find((l) => sameLine(l, line));
  if (!existing) return [...lines, { ...line, quantity }];
  return lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + quantity } : l));
}

/**
 * Remove by id (spec section 4). When a size/colour is given only that variant goes, so removing
 * one variant from the cart page leaves the others.
 */
export function removeLine(lines: readonly CartLine[], target: LineIdentity | string): CartLine[] {
  if (typeof target === 'string') return lines.filter((l) => l.id !== target);
  return lines.filter((l) => !sameLine(l, target));
}

/** Quantities below 1 are ignored (the cart's decrease stops at 1). */
export function updateLineQuantity(
  lines: readonly CartLine[],
  target: LineIdentity,
  quantity: number,
): CartLine[] {
  if (!Number.isFinite(quantity) || quantity < 1) return [...lines];
  const q = Math.floor(quantity);
  return lines.map((l) => (sameLine(l, target) ? { ...l, quantity: q } : l));
}

export function cartTotals(lines: readonly CartLine[]): { total: number; itemCount: number } {
  let total = 0;
  let itemCount = 0;
  for (const l of lines) {
    total += l.price * l.quantity;
    itemCount += l.quantity;
  }
  // Sum in paise so 0.1 + 0.2 style float noise never reaches the screen.
  return { total: Math.round(total * 100) / 100, itemCount };
}

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.price === 'number' &&
    typeof v.quantity === 'number' &&
    v.quantity >= 1
  );
}

/** Whatever localStorage held, keep only well-formed lines. */
export function sanitizeStoredCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isCartLine)
    .map((l) => ({ ...l, image: typeof l.image === 'string' ? l.image : '' }));
}

export type CartAction =
  | { type: 'add'; line: CartLine }
  | { type: 'remove'; target: LineIdentity | string }
  | { type: 'setQuantity'; target: LineIdentity; quantity: number }
  | { type: 'clear' };

export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add':
      return addLine(lines, action.line);
    case 'remove':
      return removeLine(lines, action.target);
    case 'setQuantity':
      return updateLineQuantity(lines, action.target, action.quantity);
    case 'clear':
      return [];
  }
}
