import { formatLongDate } from '@/lib/format-date';

/**
 * Orders and tracking show money with exactly two decimals (spec section 9), in rupees because
 * the store sells in INR (docs/decisions/web-orders-money-in-rupees.md).
 */
const money = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatOrderMoney(rupees: number): string {
  return money.format(rupees);
}

/** en-IN long date ('5 March 2025'); the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  return formatLongDate(iso) ?? iso;
}
