import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { stockAlertMessages } from '@store/contracts/stock';
import { productFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { setAuthToken } from '@/lib/cookies';
import { Component as ProductRoute } from './product-route';

const notebook = productFixture({
  id: 'notify-notebook',
  title: 'Dot Grid Notebook',
  attributes: [{ key: 'Size', value: ['A4', 'A5'] }],
  availability: { status: 'in_stock', left: null },
  variants: [
    { size: 'A4', color: null, availability: { status: 'sold_out', left: null } },
    { size: 'A5', color: null, availability: { status: 'in_stock', left: null } },
  ],
});

/** Serves the product and answers Notify me with `reply`, keeping each body sent. */
function serve(
  reply: () => Response = () =>
    HttpResponse.json({ message: stockAlertMessages.saved }, { status: 202 }),
) {
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/products/:id`, () => HttpResponse.json(notebook)),
    http.get(`${API}/products/:id/related`, () => HttpResponse.json({ data: [] })),
    http.post(`${API}/products/:id/stock-alerts`, async ({ request, params }) => {
      sent.push({ id: params.id, body: await request.json() });
      return reply();
    }),
  );
  return sent;
}

const render = () =>
  renderWithProviders(<ProductRoute />, {
    route: `/product/${notebook.id}`,
    path: '/product/:id',
  });

describe('Notify me on a sold-out variant', () => {
  it('asks a visitor for an e-mail and sends it with the chosen size', async () => {
    const sent = serve();
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'A4 (sold out)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    const email = await screen.findByLabelText('E-mail me when it is back in stock');
    await userEvent.type(email, 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText("We'll e-mail you when it's back in stock.")).toHaveAttribute(
      'role',
      'status',
    );
    expect(sent).toEqual([{ id: notebook.id, body: { email: 'asha@example.in', size: 'A4' } }]);
  });

  it("shows the server's reason under the field and keeps the form", async () => {
    serve(() =>
      HttpResponse.json(
        {
          error: 'Invalid body: email: Invalid email address',
          code: 'invalid_input',
          fields: { email: 'Invalid email address' },
        },
        { status: 400 },
      ),
    );
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'A4 (sold out)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await userEvent.type(
      await screen.findByLabelText('E-mail me when it is back in stock'),
      'asha@',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(screen.getByLabelText('E-mail me when it is back in stock')).toHaveAccessibleDescription(
      'Invalid email address',
    );
  });

  it("asks no e-mail of a signed-in shopper: the account's is used", async () => {
    setAuthToken('token');
    const sent = serve();
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'A4 (sold out)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(/e-mail your account/)).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail me when it is back in stock')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(sent).toEqual([{ id: notebook.id, body: { size: 'A4' } }]));
    expect(await screen.findByText(stockAlertMessages.saved)).toBeInTheDocument();
  });

  it('offers Add to Cart again, not the form, once an in-stock size is chosen', async () => {
    serve();
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'A4 (sold out)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('form', { name: /back in stock/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'A5' }));
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    expect(screen.queryByRole('form', { name: /back in stock/ })).not.toBeInTheDocument();
  });
});
