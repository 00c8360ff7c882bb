import { screen, within } from '@testing-library/react';
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
