import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './order-format';

describe('order formats', () => {
  it('shows an en-IN date, or the raw text when it is not a date', () => {
    expect(formatOrderDate('2025-03-05T10:00:00.000Z')).toBe('5 March 2025');
    expect(formatOrderDate('soon')).toBe('soon');
  });
});
