import { describe, expect, it } from 'vitest';
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY, WISHLIST_MAX_ITEMS } from './limits';
import {
  applyCartChanges,
  applyWishlistChanges,
  diffCart,
  diffWishlist,
  type StoredCartLine,
} from './list-changes';

const line = (productId: string, quantity = 1, size = '', color = ''): StoredCartLine => ({
  productId,
  size,
  color,
  quantity,
});

describe('cart changes', () => {
  it('sends what this device changed since the server last answered: removals, new quantities, new lines', () => {
    const base = [line('a', 1), line('b', 2), line('c', 1)];
    const local = [line('a', 3), line('c', 1), line('d', 1, 'A5')];
    expect(diffCart(base, local)).toEqual([
      { op: 'remove', productId: 'b', size: '', color: '' },
      { op: 'set', productId: 'a', size: '', color: '', quantity: 3 },
      { op: 'merge', productId: 'd', size: 'A5', color: '', quantity: 1 },
    ]);
    expect(diffCart(local, local)).toEqual([]);
    // the first sync after signing in: everything merges, nothing is removed
    expect(diffCart(null, [line('a', 2)])).toEqual([
      { op: 'merge', productId: 'a', size: '', color: '', quantity: 2 },
    ]);
  });

  it('brings a server cart to what the device holds when nothing else changed it', () => {
    const base = [line('a', 1), line('b', 2)];
    const local = [line('b', 5), line('a', 1, 'A4'), line('c', 1)];
    const result = applyCartChanges(base, diffCart(base, local));
    expect(new Set(result.map((l) => JSON.stringify(l)))).toEqual(
      new Set(local.map((l) => JSON.stringify(l))),
    );
  });

  it('merges by the larger quantity, so a change applied twice is applied once', () => {
    const server = [line('a', 3)];
    const changes = diffCart(null, [line('a', 2), line('b', 1)]);
    const once = applyCartChanges(server, changes);
    expect(once).toEqual([line('a', 3), line('b', 1)]);
    expect(applyCartChanges(once, changes)).toEqual(once);
  });

  it('keeps another device’s concurrent additions: a removal names only what this device saw', () => {
    const base = [line('a')];
    const server = [line('a'), line('phone')];
    expect(applyCartChanges(server, diffCart(base, []))).toEqual([line('phone')]);
  });

  it('does not bring back with a new quantity a line removed elsewhere', () => {
    expect(applyCartChanges([], [{ op: 'set', ...line('a'), quantity: 4 }])).toEqual([]);
  });

  it('stays within one order’s limits', () => {
    const sized = applyCartChanges(
      [line('n', 60, 'A4')],
      [{ op: 'merge', ...line('n', 60, 'A5') }],
    );
    expect(sized).toEqual([line('n', 60, 'A4'), line('n', ORDER_MAX_QUANTITY - 60, 'A5')]);
    const full = Array.from({ length: ORDER_MAX_LINES }, (_, i) => line(`p${i}`));
    expect(applyCartChanges(full, [{ op: 'merge', ...line('more') }])).toHaveLength(
      ORDER_MAX_LINES,
    );
    expect(applyCartChanges([], [{ op: 'merge', ...line('x', 500) }])).toEqual([line('x', 99)]);
  });
});

describe('wishlist changes', () => {
  it('adds once, removes, and drops the oldest past the limit', () => {
    expect(diffWishlist(['a', 'b'], ['b', 'c'])).toEqual([
      { op: 'remove', productId: 'a' },
      { op: 'add', productId: 'c' },
    ]);
    expect(diffWishlist(null, ['a'])).toEqual([{ op: 'add', productId: 'a' }]);
    expect(applyWishlistChanges(['a'], [{ op: 'add', productId: 'a' }])).toEqual(['a']);
    const full = Array.from({ length: WISHLIST_MAX_ITEMS }, (_, i) => `p${i}`);
    const next = applyWishlistChanges(full, [{ op: 'add', productId: 'new' }]);
    expect(next).toHaveLength(WISHLIST_MAX_ITEMS);
    expect(next[0]).toBe('p1');
    expect(next.at(-1)).toBe('new');
  });
});
