import { HttpError } from './errors';

const WHOLE = /^-?\d+$/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A number PostgreSQL computed (a sum of paise is numeric or bigint, a count bigint) as a JS number.
 * node-postgres answers both as strings and PGlite answers a bigint past 2^53 as a BigInt, so a bare
 * Number() would silently round a total; past Number.MAX_SAFE_INTEGER (₹90 lakh crore in paise) it
 * refuses instead. Use it as a select's `.mapWith(safeNumber)` or on a raw row's field.
 */
export function safeNumber(value: unknown): number {
  if (typeof value === 'number') {
    if (Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return value;
  } else if (typeof value === 'bigint') {
    if (value <= MAX && value >= -MAX) return Number(value);
  } else if (typeof value === 'string' && WHOLE.test(value.trim())) {
    const whole = BigInt(value.trim());
    if (whole <= MAX && whole >= -MAX) return Number(whole);
  } else if (typeof value === 'string' && value.trim() !== '') {
    // numeric with a fraction (an average): exact enough as a double, the range still checked
    const n = Number(value);
    if (Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER) return n;
  }
  throw new HttpError(422, 'An amount is too large for the store to count exactly');
}
