import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@store/contracts/common';
import { CART_STORAGE_KEY } from '@/state/cart/cart-reducer';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { Route, Routes } from 'react-router';
import { Component as CartRoute } from './cart-route';
import { Component as CheckoutRoute } from './checkout-route';

const cart = [
  { id: 'p1', name: 'A5 Diary', image: '', price: 249.5, quantity: 2, selectedSize: 'A5' },
  { id: 'p2', name: 'Ink Bottle', image: '', price: 99, quantity: 1 },
  { id: 'p1', name: 'A5 Diary', image: '', price: 249.5, quantity: 1, selectedSize: 'A4' },
];

function renderCheckout(lines: unknown[] = cart) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  return renderWithProviders(<CheckoutRoute />, { route: '/checkout', path: '/checkout' });
}

async function fillShipping(values: Partial<Record<string, string>> = {}) {
  const user = userEvent.setup();
  const all = {
    'Full Name': 'Asha Rao',
    Address: '12 MG Road',
    City: 'Bengaluru',
    'PIN Code': '560001',
    Phone: '9876543210',
    ...values,
  };
  for (const [label, value] of Object.entries(all))
    if (value) await user.type(screen.getByLabelText(label), value);
  await user.selectOptions(screen.getByLabelText('State'), values.State ?? 'Karnataka');
  return user;
}

describe('checkout screen', () => {
  beforeEach(() => setAuthToken('token'));

  it('summarises the cart in rupees with free shipping', () => {
    renderCheckout();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getAllByText('₹847.5')).toHaveLength(2); // subtotal and total
    expect(screen.getAllByRole('option')).toHaveLength(37); // prompt + 28 states + 8 UTs
  });

  it('disables the button and blocks when the cart is empty', () => {
    renderCheckout([]);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });

  it('refuses to submit an empty cart', async () => {
    renderCheckout([]);
    fireEvent.submit(screen.getByRole('button', { name: 'Place Order' }).closest('form')!);
    await expectToast('Please add items to your cart before checkout', {
      title: 'Cart is empty',
      type: 'error',
    });
  });

  it('asks for every field', async () => {
    renderCheckout();
    await userEvent.type(screen.getByLabelText('Full Name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectToast('All shipping information fields are required', {
      title: 'Please fill all fields',
      type: 'error',
    });
  });

  it('shows PIN and phone messages beside their fields', async () => {
    renderCheckout();
    const user = await fillShipping({ 'PIN Code': '012345', Phone: '12345' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(messages.pinCode)).toBeInTheDocument();
    expect(screen.getByText(messages.indianMobile)).toBeInTheDocument();
    expect(screen.getByLabelText('PIN Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks no field when one is blank: the toast says it', async () => {
    renderCheckout();
    // not the city: the PIN look-up fills a blank one
    await fillShipping({ Address: '' });
    // sonner keeps earlier tests' toasts: wait for one more
    const toasts = () => screen.queryAllByText('All shipping information fields are required');
    const before = toasts().length;
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(toasts().length).toBeGreaterThan(before));
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('focuses the first field with a message; a message goes at the first edit of its field', async () => {
    renderCheckout();
    const user = await fillShipping({ 'PIN Code': '012345', Phone: '12345' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(messages.pinCode)).toBeInTheDocument();
    expect(screen.getByLabelText('PIN Code')).toHaveFocus();
    await user.type(screen.getByLabelText('PIN Code'), '{backspace}');
    expect(screen.queryByText(messages.pinCode)).not.toBeInTheDocument();
    expect(screen.getByLabelText('PIN Code')).not.toHaveAttribute('aria-invalid');
    // the next submit checks everything again
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(messages.pinCode)).toBeInTheDocument();
    expect(screen.getByText(messages.indianMobile)).toBeInTheDocument();
  });

  it('places the order, clears the cart and goes to payment', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/orders`, async ({ request }) => {
        body = await request.json();
        // long enough for a busy machine to render the pending state before the answer comes
        await delay(400);
        return HttpResponse.json({ id: 'K7M2QX9P' }, { status: 201 });
      }),
    );
    renderCheckout();
    expect(screen.getByLabelText('Phone')).toHaveValue('+91');
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByText('/payment?orderId=K7M2QX9P')).toBeInTheDocument();
    expect(body).toEqual({
      products: { p1: 3, p2: 1 },
      lines: [
        { productId: 'p1', quantity: 2, size: 'A5' },
        { productId: 'p2', quantity: 1 },
        { productId: 'p1', quantity: 1, size: 'A4' },
      ],
      shippingAddress: {
        fullName: 'Asha Rao',
        address: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        phone: '+919876543210',
      },
    });
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([]);
  });

  it('asks for WhatsApp/SMS updates unticked, and sends the consent only when ticked', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`${API}/orders`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'K7M2QX9P' }, { status: 201 });
      }),
    );
    renderCheckout();
    const consent = screen.getByRole('checkbox', { name: 'Send me order updates on WhatsApp/SMS' });
    // DPDP Act: consent is the shopper's act, never a box ticked for them
    expect(consent).not.toBeChecked();
    const user = await fillShipping();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('/payment?orderId=K7M2QX9P')).toBeInTheDocument();
    expect(body.messagesConsent).toBe(true);
  });

  it("toasts a failure and shows the server's field errors", async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Invalid shipping address',
            code: 'invalid_input',
            fields: { 'shippingAddress.city': 'We do not deliver to this city yet' },
          },
          { status: 400 },
        ),
      ),
    );
    renderCheckout();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectToast('Please try again later', { title: 'Error placing order', type: 'error' });
    expect(screen.getByText('We do not deliver to this city yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });

  it("takes a server's field message away at the first edit of that field", async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Invalid shipping address',
            code: 'invalid_input',
            fields: { 'shippingAddress.city': 'Not served' },
          },
          { status: 400 },
        ),
      ),
    );
    renderCheckout();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Not served')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), ' ');
    expect(screen.getByText('Not served')).toBeInTheDocument();
    await user.type(screen.getByLabelText('City'), ' ');
    expect(screen.queryByText('Not served')).not.toBeInTheDocument();
  });

  it('names a refusal that no shipping field can show, and keeps the cart', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Some products are no longer available',
            code: 'cart_refused',
            fields: { 'products.p2': 'Unknown product' },
          },
          { status: 400 },
        ),
      ),
    );
    renderCheckout();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectToast('Some products are no longer available', {
      title: 'Error placing order',
      type: 'error',
    });
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(3);
  });

  it('sends the shopper back to the cart while a line still lacks its size', async () => {
    let posted = false;
    server.use(
      http.post(`${API}/orders`, () => {
        posted = true;
        return HttpResponse.json({ id: 'X' }, { status: 201 });
      }),
    );
    renderCheckout([
      {
        id: 'p3',
        name: 'Spiral Notebook',
        image: '',
        price: 185,
        quantity: 1,
        sizeOptions: ['A4', 'A5'],
      },
    ]);
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectToast('Choose a size for Spiral Notebook before checkout', {
      title: 'Choose your options',
      type: 'error',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(posted).toBe(false);
  });

  it('a 409 for stock names the line in the summary and on the toast, and keeps the cart', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Only 1 of A5 Diary is left',
            code: 'out_of_stock',
            fields: { 'lines.2': 'Only 1 of A5 Diary is left' },
          },
          { status: 409 },
        ),
      ),
    );
    renderCheckout();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const said = await screen.findAllByText('Only 1 of A5 Diary is left');
    expect(said.some((n) => n.closest('[data-sonner-toast]'))).toBe(true);
    const summary = screen
      .getByRole('heading', { name: 'Order Summary' })
      .closest('div')!.parentElement!;
    const lines = within(summary).getAllByRole('listitem');
    // the third line (A4) is the short one, not the A5 line of the same product
    expect(lines[2]).toHaveTextContent('Only 1 of A5 Diary is left');
    expect(lines[0]).not.toHaveTextContent('left');
    expect(screen.getByRole('alert')).toHaveTextContent('Your cart needs a change');
    expect(screen.getByRole('link', { name: 'Change your cart' })).toHaveAttribute('href', '/cart');
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(3);
  });

  it('after a 409 for stock, the cart marks the short line with what is left and caps its quantity', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Only 1 of A5 Diary is left',
            code: 'out_of_stock',
            fields: { 'lines.0': 'Only 1 of A5 Diary is left', 'lines.0.available': '1' },
          },
          { status: 409 },
        ),
      ),
    );
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
    renderWithProviders(
      <Routes>
        <Route path="/checkout" element={<CheckoutRoute />} />
        <Route path="/cart" element={<CartRoute />} />
      </Routes>,
      { route: '/checkout' },
    );
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.click(await screen.findByRole('link', { name: 'Change your cart' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    // the A5 line (quantity 2) is the short one, not the A4 line of the same product
    const [a5, a4] = within(screen.getByRole('region', { name: 'Cart items' })).getAllByRole(
      'listitem',
    );
    expect(a5).toHaveTextContent('Only 1 left: lower the quantity to 1');
    expect(a4).not.toHaveTextContent('left');
    const stepper = within(a5!).getByRole('group', { name: 'Quantity of A5 Diary' });
    await user.click(within(stepper).getByRole('button', { name: 'Decrease quantity' }));
    // at what is left the note goes, and the stepper stops there
    expect(a5).not.toHaveTextContent('left');
    expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('a 409 for too many unpaid orders says so on the page, with the way to My Orders, and keeps the cart', async () => {
    const said =
      'You already have 3 orders waiting for payment or for the shop to confirm. Pay for one of them in My Orders, or wait until the shop confirms it, before placing another.';
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json({ error: said, code: 'fair_stock_limit' }, { status: 409 }),
      ),
    );
    renderCheckout();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const shown = await screen.findAllByText(said, { exact: false });
    expect(shown.some((n) => n.closest('[data-sonner-toast]'))).toBe(true);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(said);
    expect(alert).not.toHaveTextContent('Your cart needs a change');
    expect(within(alert).getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(3);
  });

  it('a 400 "Choose a size for …" is shown on its line too', async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json(
          {
            error: 'Choose a size for Ink Bottle',
            code: 'cart_refused',
            fields: { 'lines.1': 'Choose a size for Ink Bottle' },
          },
          { status: 400 },
        ),
      ),
    );
    renderCheckout();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const said = await screen.findAllByText('Choose a size for Ink Bottle');
    expect(said).toHaveLength(2); // the toast and the line
  });

  it('sends one Idempotency-Key per attempt: the same on a retry after a network error, a new one for a changed order', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${API}/orders`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length < 3
          ? HttpResponse.error()
          : HttpResponse.json({ id: 'ORDER1' }, { status: 201 });
      }),
    );
    renderCheckout();
    const user = await fillShipping();
    const place = screen.getByRole('button', { name: 'Place Order' });
    await user.click(place);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(place).toHaveTextContent('Place Order'));
    await user.click(place);
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() => expect(place).toHaveTextContent('Place Order'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    await user.type(screen.getByLabelText('City'), ' North');
    await user.click(place);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
