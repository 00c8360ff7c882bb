import { describe, expect, it } from 'vitest';
import { formatOrderDate, formatOrderMoney } from './order-format';

describe('order formats', () => {
  it('shows rupees with two decimals and Indian grouping', () => {
    expect(formatOrderMoney(598)).toBe('₹598.00');
    expect(formatOrderMoney(123456.5)).toBe('₹1,23,456.50');
  });
  it('shows an en-IN date, or the raw text when it is not a date', () => {
    expect(formatOrderDate('2025-03-05T10:00:00.000Z')).toBe('5 March 2025');
    expect(formatOrderDate('soon')).toBe('soon');
  });
});
