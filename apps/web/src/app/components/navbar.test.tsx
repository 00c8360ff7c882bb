import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeInfoFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Navbar } from './navbar';

const categoryLinks = () =>
  within(screen.getByRole('banner'))
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/products?category='))
    .map((a) => a.textContent);

/**
 * The menu and its search field are two lazily loaded modules, the second asked for once the first
 * has rendered: in a full run on a loaded machine the test server's first transform of them took
 * longer than findBy's 1 s default.
 */
const MENU_LOADS = { timeout: 5000 };

describe('navigation bar categories', () => {
  it("shows none while store info loads, then the store's first three", async () => {
    server.use(
      http.get(`${API}/storeInfo`, async () => {
        await delay(150);
        return HttpResponse.json({
          ...storeInfoFixture,
          categories: ['Diaries', 'Ink', 'Paper', 'Magazines'],
        });
      }),
    );
    renderWithProviders(<Navbar />);
    expect(categoryLinks()).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Diaries' })).toHaveAttribute(
      'href',
      '/products?category=diaries',
    );
    expect(categoryLinks()).toEqual(['Diaries', 'Ink', 'Paper']);
  });

  it('falls back to the default list when store info names none', async () => {
    server.use(
      http.get(`${API}/storeInfo`, () =>
        HttpResponse.json({ ...storeInfoFixture, categories: [] }),
      ),
    );
    renderWithProviders(<Navbar />);
    expect(await screen.findByRole('link', { name: 'Accessories' })).toBeInTheDocument();
    expect(categoryLinks()).toEqual(['Men', 'Women', 'Accessories']);
  });
});

describe('phone menu button', () => {
  it('has the focus again once the menu closes', async () => {
    renderWithProviders(<Navbar />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Menu' }, MENU_LOADS);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('leaves the focus alone when a link in the menu goes to another page', async () => {
    renderWithProviders(<Navbar />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, MENU_LOADS);
    await userEvent.click(within(menu).getByRole('link', { name: 'Cart' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // past Radix's hand-back (a task after the menu closes)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opener).not.toHaveFocus();
  });
});
