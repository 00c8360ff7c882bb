/** Rupees with two decimals from integer paise: 12345 -> "123.45". */
export function paiseToRupeeString(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new Error(`Invalid amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  return `${rupees}.${String(paise % 100).padStart(2, '0')}`;
}

/** Integer paise from a rupee amount string ("123.45", "123.4", "123"); null when not an amount. */
export function rupeeStringToPaise(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** Rupees as people in India read them, from integer paise: 123450 -> "₹1,234.50". */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Invalid amount in paise: ${paise}`);
  // the nearest double to paise / 100 rounds back to the same two decimals
  return inr.format(paise / 100);
}
