import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ProductSuggestions } from '@store/contracts/products';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';

const answer: ProductSuggestions = {
  products: [
    {
      id: 'fp-1',
      title: 'Classic Fountain Pen with Gold Trim',
      category: 'Pens & Writing',
      imgUrl: '',
      price: 699,
    },
  ],
  categories: [],
  correctedQuery: 'fountain pen',
};

describe('phone menu', () => {
  it('Escape in the search box closes its suggestions first and the menu only after', async () => {
    server.use(http.get(`${API}/products/suggest`, () => HttpResponse.json(answer)));
    const onOpenChange = vi.fn();
    renderWithProviders(
      <MobileMenu
        open
        onOpenChange={onOpenChange}
        categories={[]}
        isLoggedIn={false}
        search={<SearchBox />}
      />,
    );
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const input = within(menu).getByRole('combobox', { name: 'Search products' });
    await userEvent.type(input, 'fountian pen');
    await within(menu).findByRole('option', { name: /Classic Fountain Pen/ });

    await userEvent.keyboard('{Escape}');
    expect(within(menu).queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('fountian pen');
    expect(onOpenChange).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
