import { beforeEach, describe, expect, it } from 'vitest';
import {
  reloadWishlist,
  removeWishlistItem,
  sanitizeStoredWishlist,
  toggleWishlistItem,
  WISHLIST_STORAGE_KEY,
} from './wishlist-store';

const diary = { id: 'p1', name: 'Classic Diary', image: '/images/d.svg', price: 449 };
const stored = () => JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? 'null');

describe('wishlist', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadWishlist();
  });

  it('saves a product under the key wishlist, and a second tap forgets it', () => {
    expect(toggleWishlistItem(diary)).toBe(true);
    expect(stored()).toEqual([diary]);
    expect(toggleWishlistItem(diary)).toBe(false);
    expect(stored()).toEqual([]);
  });

  it('removes by id and reads what an earlier visit saved', () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify([diary, { ...diary, id: 'p2' }]));
    reloadWishlist();
    removeWishlistItem('p1');
    expect(stored()).toEqual([{ ...diary, id: 'p2' }]);
  });

  it('drops stored entries it cannot trust, and duplicates', () => {
    expect(
      sanitizeStoredWishlist([
        diary,
        diary,
        { id: '', name: 'x', image: '', price: 1 },
        { id: 'p3', name: 'x', image: '', price: 'free' },
        null,
        'p4',
        { id: 'p5', name: 'Ink', image: '', price: 90, extra: true },
      ]),
    ).toEqual([diary, { id: 'p5', name: 'Ink', image: '', price: 90 }]);
    expect(sanitizeStoredWishlist({ not: 'a list' })).toEqual([]);
  });
});
