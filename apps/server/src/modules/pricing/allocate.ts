// Whole-paise arithmetic for discounts: an amount spread over lines must add back up to it exactly,
// and no line may be given more than it has. BigInt where a product could pass 2^53 (a ₹4,950
// crore order in paise times a rate in basis points).

/** `amount × bp / 10000`, rounded half up, in whole paise. */
export function percentOf(amountPaise: number, bp: number): number {
  if (amountPaise <= 0 || bp <= 0) return 0;
  return Number((BigInt(amountPaise) * BigInt(bp) + 5000n) / 10000n);
}

/**
 * Spreads `total` paise over lines in proportion to `caps` (each line's value), each share at most
 * its cap, the shares adding up to exactly `min(total, Σ caps)`. Largest remainder: each line gets
 * its share rounded down, then the paise left go one each to the lines with the largest dropped
 * fractions (the earlier line first on a tie), so the result does not depend on the order of lines
 * beyond ties and never leaves a line above its value.
 */
export function allocateByValue(total: number, caps: readonly number[]): number[] {
  const sum = caps.reduce((s, c) => s + Math.max(0, c), 0);
  const amount = Math.min(Math.max(0, total), sum);
  if (amount === 0 || sum === 0) return caps.map(() => 0);
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const exact = caps.map((c) => BigInt(Math.max(0, c)) * big);
  const shares = exact.map((e) => Number(e / bigSum));
  let left = amount - shares.reduce((s, x) => s + x, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e % bigSum }))
    .filter(({ i }) => shares[i]! < Math.max(0, caps[i]!))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] = shares[i]! + 1;
    left -= 1;
  }
  return shares;
}
