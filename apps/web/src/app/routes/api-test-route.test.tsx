import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEV_STORE_DOMAIN } from '@/lib/api-client';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as ApiTestRoute } from './api-test-route';

function renderApiTest() {
  return renderWithProviders(<ApiTestRoute />, { route: '/api-test', path: '/api-test' });
}

describe('API test screen', () => {
  it('shows hostname, API base and host header, and tests /storeInfo with X-Store-Domain', async () => {
    let header: string | null = null;
    server.use(
      http.get(`${API}/storeInfo`, ({ request }) => {
        header = request.headers.get('X-Store-Domain');
        return HttpResponse.json({ storeName: 'Paper Trail' });
      }),
    );
    renderApiTest();
    expect(screen.getByText('localhost')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:3000/api/v1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Connected. The API answered for store: Paper Trail'),
    ).toBeInTheDocument();
    expect(header).toBe(DEV_STORE_DOMAIN);
    expect(screen.getByText(DEV_STORE_DOMAIN)).toBeInTheDocument();
  });

  it('reports a failed connection', async () => {
    server.use(http.get(`${API}/storeInfo`, () => HttpResponse.error()));
    renderApiTest();
    await userEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Connection failed. Check console for details.'),
    ).toBeInTheDocument();
  });

  it('reports an unexpected error', async () => {
    server.use(
      http.get(`${API}/storeInfo`, () => HttpResponse.text('<!doctype html><html></html>')),
    );
    renderApiTest();
    await userEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Unexpected error: The response is not store information'),
    ).toBeInTheDocument();
  });
});
