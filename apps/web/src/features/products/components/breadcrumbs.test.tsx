import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Breadcrumbs, productCrumbs } from './breadcrumbs';

const trail = (product: { name: string; category: string; parentCategory: string | null }) =>
  renderWithProviders(<Breadcrumbs crumbs={productCrumbs(product)} />, { route: '/product/p1' });

describe('product breadcrumbs', () => {
  it('Home › parent category › category › the product, the product marked as the current page', () => {
    trail({
      name: 'Linen Diary',
      category: 'Diaries & Notebooks',
      parentCategory: 'Paper Goods',
    });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(within(nav).getByRole('list')).getAllByRole('listitem');
    expect(nav.querySelector('ol')).toBe(within(nav).getByRole('list'));
    expect(items.map((item) => item.textContent)).toEqual([
      'Home',
      'Paper Goods',
      'Diaries & Notebooks',
      'Linen Diary',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Paper Goods' })).toHaveAttribute(
      'href',
      '/products?parentCategory=Paper%20Goods',
    );
    expect(within(nav).getByRole('link', { name: 'Diaries & Notebooks' })).toHaveAttribute(
      'href',
      '/products?category=diaries%20%26%20notebooks',
    );
    expect(within(nav).queryByRole('link', { name: 'Linen Diary' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Linen Diary')).toHaveAttribute('aria-current', 'page');
  });

  it('leaves out a missing parent category, and the category crumb opens the listing', async () => {
    trail({ name: 'Blue Ink', category: 'Ink', parentCategory: null });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Ink', 'Blue Ink']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Ink' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products?category=ink');
  });
});
