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
export const capped = (quantity: number) => Math.min(ORDER_MAX_QUANTITY, quantity);

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
export const withOptions = (kept: CartLine, other: CartLine): CartLine => ({
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
