import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@/state/cart/cart-reducer';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as CheckoutRoute } from './checkout-route';

function renderCheckout() {
  window.localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([{ id: 'p2', name: 'Ink Bottle', image: '', price: 99, quantity: 1 }]),
  );
  return renderWithProviders(<CheckoutRoute />, { route: '/checkout', path: '/checkout' });
}

async function fillAllButPlace(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Address'), '12 CMH Road');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
}

describe('checkout: PIN look-up and delivery estimate', () => {
  beforeEach(() => setAuthToken('token'));

  it('"560 038" fills the city and state and shows the estimate; the order carries 560038', async () => {
    let body: { shippingAddress: Record<string, string> } | undefined;
    server.use(
      http.post(`${API}/orders`, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ id: 'ORDER12345' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderCheckout();
    await fillAllButPlace(user);
    await user.type(screen.getByLabelText('PIN Code'), '560 038');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Bangalore'));
    expect(screen.getByLabelText('State')).toHaveValue('Karnataka');
    expect(await screen.findByText('Delivery by Thu, 27 Nov – Tue, 2 Dec')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await expect.poll(() => body).toBeDefined();
    expect(body!.shippingAddress).toMatchObject({
      city: 'Bangalore',
      state: 'Karnataka',
      postalCode: '560038',
    });
  });

  it('a new PIN replaces what the last look-up filled, never what the shopper typed', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const pin = screen.getByLabelText('PIN Code');
    await user.type(pin, '560038');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Bangalore'));
    await user.clear(pin);
    await user.type(pin, '570001');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Mysore'));

    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Mysuru');
    await user.clear(pin);
    await user.type(pin, '560001');
    expect(await screen.findByText('to Bangalore, Karnataka (560001)')).toBeInTheDocument();
    expect(city).toHaveValue('Mysuru');
  });

  it('a Delhi PIN with Tamil Nadu is marked on the state and the order is not sent', async () => {
    let posts = 0;
    server.use(
      http.post(`${API}/orders`, () => (posts++, HttpResponse.json({ id: 'X' }, { status: 201 }))),
    );
    const user = userEvent.setup();
    renderCheckout();
    await fillAllButPlace(user);
    await user.type(screen.getByLabelText('City'), 'Chennai');
    await user.selectOptions(screen.getByLabelText('State'), 'Tamil Nadu');
    await user.type(screen.getByLabelText('PIN Code'), '110001');
    const state = screen.getByLabelText('State');
    expect(await screen.findByText('PIN 110001 is in Delhi')).toBeInTheDocument();
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveValue('Tamil Nadu');
    expect(screen.queryByText(/Delivery by/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(state).toHaveFocus());
    expect(posts).toBe(0);

    await user.selectOptions(state, 'Delhi');
    await waitFor(() => expect(state).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await expect.poll(() => posts).toBe(1);
  });

  it("after a refused Place Order, the state's message follows the PIN: a PIN in the chosen state clears it", async () => {
    const user = userEvent.setup();
    renderCheckout();
    await fillAllButPlace(user);
    await user.type(screen.getByLabelText('City'), 'Chennai');
    await user.selectOptions(screen.getByLabelText('State'), 'Tamil Nadu');
    const pin = screen.getByLabelText('PIN Code');
    await user.type(pin, '110001');
    const state = screen.getByLabelText('State');
    await waitFor(() => expect(state).toHaveAccessibleDescription('PIN 110001 is in Delhi'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(state).toHaveFocus());

    await user.clear(pin);
    await user.type(pin, '600001');
    expect(await screen.findByText('to Chennai, Tamil Nadu (600001)')).toBeInTheDocument();
    expect(state).not.toHaveAccessibleDescription(/PIN 110001/);
    expect(state).not.toHaveAttribute('aria-invalid');
  });

  it('an unknown PIN is marked on the PIN field', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.type(screen.getByLabelText('PIN Code'), '123456');
    expect(
      await screen.findByText('We could not find PIN code 123456. Please check it.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('PIN Code')).toHaveAttribute('aria-invalid', 'true');
  });
});
