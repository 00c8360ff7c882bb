// The paise arithmetic of money.ts on its own: the web entry chunk (cart totals) imports this
// module alone, so money.ts's formatters load with the screens that show prices.

/** Rupees (possibly fractional) from integer paise: 12345 -> 123.45. */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Integer paise from a rupee amount: 123.45 -> 12345 (rounded, so float noise never counts). */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Sum of price × quantity in rupees, added up in paise so that 0.1 + 0.2 stays 0.30. */
export function sumRupees(lines: Iterable<{ price: number; quantity: number }>): number {
  let paise = 0;
  for (const line of lines) paise += rupeesToPaise(line.price) * line.quantity;
  return paiseToRupees(paise);
}
