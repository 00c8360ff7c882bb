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
    // PayU's amount of an order above ₹2.147 crore (and of the largest the caps allow)
    expect(rupeeStringToPaise('250000000.00')).toBe(25_000_000_000);
    expect(rupeeStringToPaise('49500000000.00')).toBe(4_950_000_000_000);
    expect(rupeeStringToPaise('1234567890123')).toBeNull();
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

  it('writes every amount exactly as the en-IN currency formatter would', () => {
    const intl = (style: 'catalogue' | 'exact') =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: style === 'exact' ? 2 : 0,
        maximumFractionDigits: 2,
      });
    const formats = { catalogue: intl('catalogue'), exact: intl('exact') };
    // edges: grouping lengths, halves that a double holds a hair below, signs, the exact limit
    const amounts = [
      0,
      -0,
      0.004,
      0.005,
      -0.001,
      0.1,
      0.5,
      1,
      1.005,
      1.015,
      2.675,
      8.345,
      10.456,
      99.995,
      999,
      999.999,
      1000,
      99999.5,
      100000,
      1234567.89,
      12345678901.23,
      -1.5,
      -1234.5,
      90071992547409.9,
      1e15,
      1e21,
      Number.MAX_SAFE_INTEGER,
      NaN,
      Infinity,
      -Infinity,
    ];
    // and a spread of prices and totals in paise, and amounts with a third decimal
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 3000; i++) amounts.push(next() / 100, (next() % 10_000_000) / 1000);
    for (const style of ['catalogue', 'exact'] as const)
      for (const amount of amounts)
        expect(`${amount} ${style}: ${formatInr(amount, style)}`).toBe(
          `${amount} ${style}: ${formats[style].format(amount)}`,
        );
  });
});
