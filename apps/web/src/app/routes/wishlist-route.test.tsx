import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Navbar } from '@/app/components/navbar';
import { renderWithProviders } from '@/test/render';
import { WISHLIST_STORAGE_KEY } from '@/state/wishlist/wishlist-rules';
import { reloadSharedState } from '@/test/shared-state';
import { Component as WishlistRoute } from './wishlist-route';

const save = (items: unknown[]) => {
  localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(items));
  reloadSharedState();
};

describe('wishlist page', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSharedState();
  });

  it('says it is empty and offers the products', () => {
    renderWithProviders(<WishlistRoute />);
    expect(screen.getByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('lists saved products with links and prices; Remove takes one out, and the bar follows', async () => {
    save([
      { id: 'p1', name: 'Classic Diary', image: '', price: 449 },
      { id: 'p2', name: 'Royal Blue Ink', image: '', price: 1250.5 },
    ]);
    renderWithProviders(
      <>
        <Navbar />
        <WishlistRoute />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Wishlist, 2 items' })).toHaveAttribute(
      'href',
      '/wishlist',
    );
    const list = screen.getByRole('list');
    expect(within(list).getByRole('link', { name: 'Classic Diary' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(within(list).getByText('₹1,250.5')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Classic Diary from wishlist' }),
    );
    expect(screen.queryByRole('link', { name: 'Classic Diary' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });
});
