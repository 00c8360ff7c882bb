const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Rupees in the en-IN style of spec section 9, e.g. ₹1,23,456.5 (at most 2 decimals). */
export function formatInr(amount: number): string {
  return inr.format(amount);
}
