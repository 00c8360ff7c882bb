import { describe, expect, it } from 'vitest';
import { orderStatus, orderStatusLabel, orderStatusTone } from './order-rules';

describe('order statuses', () => {
  it('labels and colours the five statuses of the spec', () => {
    expect([0, 1, 2, 3, 4].map(orderStatusLabel)).toEqual([
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
    expect([0, 1, 2, 3, 4].map(orderStatusTone)).toEqual([
      'yellow',
      'blue',
      'purple',
      'green',
      'red',
    ]);
    expect(orderStatus.shipped).toBe(2);
  });

  it('names a status it does not know without guessing', () => {
    expect(orderStatusLabel(7)).toBe('Unknown (7)');
    expect(orderStatusLabel('x')).toBe('Unknown');
    expect(orderStatusTone(7)).toBe('gray');
  });

  it('labels other numbers Unknown (n), non-numbers Unknown, and greys them', () => {
    expect(orderStatusLabel(-1)).toBe('Unknown (-1)');
    expect(orderStatusLabel('2')).toBe('Unknown');
    expect(orderStatusLabel(undefined)).toBe('Unknown');
    expect(orderStatusLabel(Number.NaN)).toBe('Unknown');
    expect(orderStatusTone(9)).toBe('gray');
    expect(orderStatusTone(null)).toBe('gray');
  });
});
