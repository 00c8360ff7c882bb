import { describe, expect, it } from 'vitest';
import { formatInr } from './format';

describe('formatInr', () => {
  it('en-IN grouping, rupee sign, at most 2 decimals', () => {
    expect(formatInr(123456.5)).toBe('₹1,23,456.5');
    expect(formatInr(1299)).toBe('₹1,299');
    expect(formatInr(10.456)).toBe('₹10.46');
  });
});
