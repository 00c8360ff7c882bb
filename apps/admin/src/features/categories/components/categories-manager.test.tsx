import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '@store/contracts/admin/categories';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { CategoriesManager } from './categories-manager';

const category = (id: string, name: string, position: number, productCount = 0): AdminCategory => ({
  id,
  name,
  position,
  imageUrl: '',
  parentCategories: [],
  productCount,
});
const stored = [
  category('a', 'Notebooks', 0, 4),
  category('b', 'Pens', 1, 2),
  category('c', 'Art', 2),
  category('d', 'Office', 3),
];

function serve(list = stored) {
  let current = list;
  const orders: string[][] = [];
  server.use(
    http.get(`${ADMIN_API}/categories`, () => HttpResponse.json({ data: current })),
    http.put(`${ADMIN_API}/categories/order`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      orders.push(ids);
      current = ids.map((id, position) => ({ ...list.find((c) => c.id === id)!, position }));
      return HttpResponse.json({ data: current });
    }),
  );
  return orders;
}

const names = () =>
  within(screen.getByRole('list', { name: 'Categories in order' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Categories', () => {
  it('lists the categories in order with product counts, marking the navigation', async () => {
    serve();
    renderWithProviders(<CategoriesManager />);
    await screen.findByText('Notebooks');
    expect(names()[0]).toContain('4 products');
    expect(screen.getAllByText('In navigation')).toHaveLength(3);
    expect(screen.getByText(/first 3 categories are the storefront's navigation/)).toBeVisible();
  });

  it('sends every id in the new order when a category moves', async () => {
    const orders = serve();
    const user = userEvent.setup();
    renderWithProviders(<CategoriesManager />);
    await user.click(await screen.findByRole('button', { name: 'Move Office up' }));
    await expect.poll(() => orders).toEqual([['a', 'b', 'd', 'c']]);
    await expect.poll(() => names()[2]).toContain('Office');
    expect(names()[2]).toContain('In navigation');
    await user.click(screen.getByRole('button', { name: 'Move Notebooks down' }));
    await expect.poll(() => orders.length).toBe(2);
    expect(orders[1]).toEqual(['b', 'a', 'd', 'c']);
  });

  it("shows the API's refusal to delete a category with products", async () => {
    serve();
    server.use(
      http.delete(`${ADMIN_API}/categories/a`, () =>
        HttpResponse.json({ error: 'Move or archive its 4 products first' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CategoriesManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete Notebooks' }));
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Move or archive its 4 products first',
    );
  });

  it('adds a category with its parents as a list', async () => {
    serve();
    let body: unknown;
    server.use(
      http.post(`${ADMIN_API}/categories`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(category('e', 'Gifts', 4), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CategoriesManager />);
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    await user.type(screen.getByLabelText('Name'), 'Gifts');
    await user.type(screen.getByLabelText('Parent categories'), 'Stationery, Office ,');
    await user.click(screen.getByRole('button', { name: 'Save category' }));
    await expect
      .poll(() => body)
      .toEqual({
        name: 'Gifts',
        imageUrl: '',
        parentCategories: ['Stationery', 'Office'],
      });
  });

  it('refuses a text file as the image before uploading', async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CategoriesManager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Pens' }));
    await user.upload(
      screen.getByLabelText('Upload image'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('notes.txt is not a JPEG, PNG or WebP image')).toBeVisible();
  });
});
