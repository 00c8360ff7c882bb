import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFromOtherTab } from '@/test/other-tab';
import { reloadSharedState } from '@/test/shared-state';
import { sanitizeStoredWishlist, WISHLIST_STORAGE_KEY } from './wishlist-rules';
import { removeWishlistItem, toggleWishlistItem, useWishlistHearts } from './wishlist-store';

const diary = { id: 'p1', name: 'Classic Diary', image: '/images/d.svg', price: 449 };
const stored = () => JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? 'null');

describe('wishlist', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSharedState();
  });

  it('saves a product under the key wishlist, and a second tap forgets it', () => {
    expect(toggleWishlistItem(diary)).toBe(true);
    expect(stored()).toEqual([diary]);
    expect(toggleWishlistItem(diary)).toBe(false);
    expect(stored()).toEqual([]);
  });

  it('removes by id and reads what an earlier visit saved', () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify([diary, { ...diary, id: 'p2' }]));
    reloadSharedState();
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

describe('wishlist in two tabs', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSharedState();
  });

  it('fills the heart of a product another tab saved, and empties it when that tab forgets it', () => {
    const { result } = renderHook(() => useWishlistHearts());
    expect(result.current.isSaved('p1')).toBe(false);
    writeFromOtherTab(WISHLIST_STORAGE_KEY, [diary]);
    expect(result.current.isSaved('p1')).toBe(true);
    writeFromOtherTab(WISHLIST_STORAGE_KEY, []);
    expect(result.current.isSaved('p1')).toBe(false);
  });

  it('saving here keeps what another tab saved meanwhile', () => {
    writeFromOtherTab(WISHLIST_STORAGE_KEY, [diary]);
    const ink = { id: 'p2', name: 'Ink', image: '', price: 90 };
    expect(toggleWishlistItem(ink)).toBe(true);
    expect(stored()).toEqual([diary, ink]);
  });
});
