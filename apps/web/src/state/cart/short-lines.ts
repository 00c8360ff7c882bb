import { lineKey, type LineIdentity } from './cart-reducer';

/**
 * What the checkout hands the cart (as navigation state) after a 409 for stock: the units left of
 * each short line, by the line's key. The cart marks those lines and caps their steppers.
 */
export interface ShortLinesState {
  stockLeft: Record<string, number>;
}

export function shortLinesState(
  lines: readonly LineIdentity[],
  availableByLine: Record<number, number>,
): ShortLinesState {
  const stockLeft: Record<string, number> = {};
  for (const [index, units] of Object.entries(availableByLine)) {
    const line = lines[Number(index)];
    if (line) stockLeft[lineKey(line)] = units;
  }
  return { stockLeft };
}

/** The units left of each short line, from the cart page's navigation state (none when absent). */
export function stockLeftFromState(state: unknown): Record<string, number> {
  const left = (state as Partial<ShortLinesState> | null)?.stockLeft;
  if (!left || typeof left !== 'object') return {};
  return Object.fromEntries(
    Object.entries(left).filter(([, n]) => typeof n === 'number' && Number.isInteger(n) && n >= 0),
  );
}
