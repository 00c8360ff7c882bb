import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { sumRupees } from '@store/contracts/paise';
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

/** A line holds at most what one order may ask for; the server refuses more. */
const capped = (quantity: number) => Math.min(ORDER_MAX_QUANTITY, quantity);

/**
 * The most this line may hold: one order takes at most 99 of a product, all its sizes and colours
 * together (the server sums them), so the other lines of the same product use up part of it.
 */
export function maxLineQuantity(
  lines: readonly CartLine[],
  line: LineIdentity,
  /** a fresher stock hint than the stored line's (an add); without it the stored one counts */
  fresher?: Pick<CartLine, 'stockLeft'>,
): number {
  const stockLeft = (fresher ?? lines.find((l) => sameLine(l, line)))?.stockLeft;
  const others = lines
    .filter((l) => l.id === line.id && !sameLine(l, line))
    .reduce((sum, l) => sum + l.quantity, 0);
  const byOrder = Math.max(0, ORDER_MAX_QUANTITY - others);
  // stock is per variant (per line), so only this line's own count caps it
  return stockLeft === undefined ? byOrder : Math.min(byOrder, Math.max(0, stockLeft));
}

/** Option lists survive a merge: a line stored before they existed takes the newcomer's. */
const withOptions = (kept: CartLine, other: CartLine): CartLine => ({
  ...kept,
  ...(kept.sizeOptions || !other.sizeOptions ? {} : { sizeOptions: other.sizeOptions }),
  ...(kept.colorOptions || !other.colorOptions ? {} : { colorOptions: other.colorOptions }),
});

/** Adding a matching line raises its quantity; anything else is a new line. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const wanted = Math.max(1, Math.floor(line.quantity));
  // the newcomer's stock hint is the fresher one (none: no longer low)
  const room = maxLineQuantity(lines, line, line);
  const existing = lines.find((l) => sameLine(l, line));
  if (!existing)
    return room < 1 ? [...lines] : [...lines, { ...line, quantity: Math.min(wanted, room) }];
  return lines.map((l) => {
    if (l !== existing) return l;
    const { stockLeft: _stale, ...kept } = l;
    return withOptions(
      {
        ...kept,
        quantity: Math.min(l.quantity + wanted, room),
        ...(line.stockLeft === undefined ? {} : { stockLeft: line.stockLeft }),
      },
      line,
    );
  });
}

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
export function chooseOptions(
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

export function cartTotals(lines: readonly CartLine[]): { total: number; itemCount: number } {
  return { total: sumRupees(lines), itemCount: lines.reduce((sum, l) => sum + l.quantity, 0) };
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

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
  return value.filter(isCartLine).map((l) => {
    const { sizeOptions, colorOptions, stockLeft, ...rest } = l;
    return {
      ...rest,
      ...(typeof stockLeft === 'number' && stockLeft >= 0 ? { stockLeft } : {}),
      // a cart saved by another version of the store may hold more than an order takes
      quantity: capped(Math.floor(l.quantity)),
      image: typeof l.image === 'string' ? l.image : '',
      ...(isStringList(sizeOptions) ? { sizeOptions } : {}),
      ...(isStringList(colorOptions) ? { colorOptions } : {}),
    };
  });
}

export type CartAction =
  | { type: 'add'; line: CartLine }
  | { type: 'remove'; target: LineIdentity | string }
  | { type: 'setQuantity'; target: LineIdentity; quantity: number }
  | { type: 'choose'; target: LineIdentity; choice: { size?: string; color?: string } }
  | { type: 'clear' };

export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add':
      return addLine(lines, action.line);
    case 'remove':
      return removeLine(lines, action.target);
    case 'setQuantity':
      return updateLineQuantity(lines, action.target, action.quantity);
    case 'choose':
      return chooseOptions(lines, action.target, action.choice);
    case 'clear':
      return [];
  }
}
