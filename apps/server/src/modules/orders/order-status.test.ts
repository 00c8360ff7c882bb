import { describe, expect, it } from 'vitest';
import { nextOrderStatus, type OrderAction } from './order-status';

describe('order status transitions', () => {
  const allowed: [number, OrderAction, number][] = [
    [0, 'pay', 1],
    [1, 'ship', 2],
    [2, 'deliver', 3],
    [0, 'cancel', 4],
    [1, 'cancel', 4],
    [2, 'return_undelivered', 4],
  ];
  it.each(allowed)('from %i, %s gives %i', (from, action, to) => {
    expect(nextOrderStatus(from, action)).toEqual({ ok: true, to });
  });

  const refused: [number, OrderAction][] = [
    [1, 'pay'],
    [2, 'pay'],
    [4, 'pay'],
    [0, 'ship'],
    [2, 'ship'],
    [3, 'ship'],
    [4, 'ship'],
    [0, 'deliver'],
    [1, 'deliver'],
    [3, 'deliver'],
    [4, 'deliver'],
    [2, 'cancel'],
    [3, 'cancel'],
    [4, 'cancel'],
    [0, 'return_undelivered'],
    [1, 'return_undelivered'],
    [3, 'return_undelivered'],
    [4, 'return_undelivered'],
  ];
  it.each(refused)('from %i, %s is refused', (from, action) => {
    const result = nextOrderStatus(from, action);
    expect(result.ok).toBe(false);
  });

  it('explains a refusal', () => {
    expect(nextOrderStatus(3, 'cancel')).toEqual({
      ok: false,
      error: 'Cannot cancel an order that is Delivered (only from Pending or Processing)',
    });
  });
});
