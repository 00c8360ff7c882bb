import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProductSuggestions } from '@store/contracts/products';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { SearchBox } from './search-box';

const answer: ProductSuggestions = {
  products: [
    {
      id: 'fp-1',
      title: 'Classic Fountain Pen with Gold Trim',
      category: 'Pens & Writing',
      imgUrl: '/images/pen.jpg',
      price: 1299,
    },
    {
      id: 'fp-2',
      title: 'Student Fountain Pen (Pack of 2)',
      category: 'Pens & Writing',
      imgUrl: '',
      price: 249.5,
    },
  ],
  categories: [{ value: 'Pens & Writing', count: 2 }],
  correctedQuery: 'fountain pen',
};

function suggestHandler(seen: string[]) {
  return http.get(`${API}/products/suggest`, ({ request }) => {
    seen.push(new URL(request.url).searchParams.get('q') ?? '');
    return HttpResponse.json(answer);
  });
}

describe('search box', () => {
  it('suggests products with picture and price, categories and a search row as you type', async () => {
    const seen: string[] = [];
    server.use(suggestHandler(seen));
    renderWithProviders(<SearchBox />);
    const form = screen.getByRole('search');
    const input = within(form).getByRole('combobox', { name: 'Search products' });
    expect(input).toHaveAttribute('placeholder', 'Search products');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await userEvent.type(input, 'f');
    // one letter asks nothing
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);

    await userEvent.type(input, 'ountian pen');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    const pen = await within(list).findByRole('option', {
      name: 'Classic Fountain Pen with Gold Trim ₹1,299',
    });
    expect(within(pen).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      '/images/pen.jpg',
    );
    expect(
      within(list).getByRole('option', { name: /Student Fountain Pen.*₹249\.5/ }),
    ).toBeVisible();
    expect(within(list).getByRole('option', { name: 'in Pens & Writing' })).toBeVisible();
    expect(within(list).getByRole('option', { name: 'Search for ‘fountian pen’' })).toBeVisible();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    // debounced: one request for the words as typed, not one per letter
    expect(seen).toEqual(['fountian pen']);
  });

  it('arrow keys move through the rows; Enter opens the highlighted one and closes the list', async () => {
    server.use(suggestHandler([]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(input, 'fountain');
    const list = await screen.findByRole('listbox');
    await within(list).findByRole('option', { name: /Classic Fountain Pen/ });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(4);

    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    // from the first row, up wraps to the last
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/products?q=fountain&category=pens%20%26%20writing',
      ),
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter without a highlighted row searches; Escape closes the list; a click opens a product', async () => {
    server.use(suggestHandler([]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(input, 'fountian pen');
    await screen.findByRole('option', { name: /Classic Fountain Pen/ });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('fountian pen');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/products?q=fountian%20pen'),
    );
    // the results page's words stay in the box
    expect(input).toHaveValue('fountian pen');

    await userEvent.type(input, 's');
    await userEvent.click(await screen.findByRole('option', { name: /Student Fountain Pen/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/fp-2'));
    expect(input).toHaveValue('');
  });
});
