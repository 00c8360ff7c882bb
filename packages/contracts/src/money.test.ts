import { describe, expect, it } from 'vitest';
import {
  effectivePrice,
  formatInr,
  formatPaise,
  paiseToRupeeString,
  rupeeStringToPaise,
  rupeesToPaise,
  sumRupees,
} from './money';

describe('money rules', () => {
  it('converts between paise and rupees without float noise', () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1234.5)).toBe(123450);
    expect(paiseToRupeeString(12345)).toBe('123.45');
    expect(paiseToRupeeString(5)).toBe('0.05');
    expect(rupeeStringToPaise('123.4')).toBe(12340);
    expect(rupeeStringToPaise('12a')).toBeNull();
  });

  it('charges the discounted price when there is one', () => {
    expect(effectivePrice(500, 450)).toBe(450);
    expect(effectivePrice(500, null)).toBe(500);
    expect(effectivePrice(null, undefined)).toBe(0);
  });

  it('sums lines in paise', () => {
    expect(
      sumRupees([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(sumRupees([{ price: 99.99, quantity: 3 }])).toBe(299.97);
    expect(
      sumRupees([
        { price: 249.5, quantity: 2 },
        { price: 99, quantity: 1 },
      ]),
    ).toBe(598);
    expect(sumRupees([])).toBe(0);
  });

  it('formats rupees the Indian way, catalogue and exact', () => {
    expect(formatInr(123456.5)).toBe('₹1,23,456.5');
    expect(formatInr(1499)).toBe('₹1,499');
    expect(formatInr(1499, 'exact')).toBe('₹1,499.00');
    expect(formatPaise(123450)).toBe('₹1,234.50');
  });

  it('shows catalogue prices with at most 2 decimals, rounded', () => {
    expect(formatInr(1299)).toBe('₹1,299');
    expect(formatInr(10.456)).toBe('₹10.46');
  });

  it('shows order money with exactly 2 decimals and Indian grouping', () => {
    expect(formatInr(598, 'exact')).toBe('₹598.00');
    expect(formatInr(123456.5, 'exact')).toBe('₹1,23,456.50');
  });
});
