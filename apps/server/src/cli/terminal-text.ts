// What every command's output is made of: text safe for a terminal, rows as aligned columns.
import { controlCharacters } from '@store/contracts/common';

const CONTROL = new RegExp(controlCharacters.source, 'g');

/**
 * Shoppers and staff type names, addresses and e-mails; a terminal would obey an escape sequence
 * or a newline hidden in them (rewrite the screen, fake a row). Every string is printed with
 * control characters as '?'.
 */
export function printable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(CONTROL, '?') as T;
  if (Array.isArray(value)) return value.map((v: unknown) => printable(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]: [string, unknown]) => [k, printable(v)]),
    ) as T;
  }
  return value;
}

/** Rows as aligned columns, two spaces apart; amounts and counts (rightAligned) line up on the right. */
export function columns(
  rows: readonly string[][],
  rightAligned: ReadonlySet<number> = new Set(),
): string[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => {
        if (rightAligned.has(i)) return cell.padStart(widths[i]!);
        return i === row.length - 1 ? cell : cell.padEnd(widths[i]!);
      })
      .join('  '),
  );
}
