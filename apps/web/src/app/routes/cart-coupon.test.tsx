import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartQuote, CartQuoteBody } from '@store/contracts/cart-quote';
import { setAuthToken } from '@/lib/cookies';
import { setAppliedCoupon } from '@/features/pricing/lib/applied-coupon';
import { CART_STORAGE_KEY, type CartLine } from '@/state/cart/cart-reducer';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as CartRoute } from './cart-route';
import { Component as CheckoutRoute } from './checkout-route';

const lines: CartLine[] = [
  { id: 'p1', name: 'Linen Diary', image: '', price: 250, quantity: 2, selectedSize: 'A5' },
  { id: 'p2', name: 'Blue Ink', image: '', price: 99.5, quantity: 1 },
];

/**
 * The server's quote, as the test store prices it: 599.50 for the cart; SAVE10 takes 10% off
 * (59.95), BIG needs ₹999, anything else is unknown. `asked` keeps every request body.
 */
function answerQuotes(asked: CartQuoteBody[] = []) {
  server.use(
    http.post(`${API}/cart/quote`, async ({ request }) => {
      const body = (await request.json()) as CartQuoteBody;
      asked.push(body);
      const code = body.couponCode ?? null;
      const base: CartQuote = {
        lines: [],
        unavailable: [],
        subtotal: 599.5,
        discount: 0,
        delivery: { charge: 0, waived: 0, amount: 0, basis: 'free', label: 'Free', toFree: null },
        codFee: 0,
        total: 599.5,
        offers: [],
        coupon: null,
      };
      if (code === 'SAVE10')
        return HttpResponse.json({
          ...base,
          discount: 59.95,
          total: 539.55,
          offers: [{ code, description: '10% off', kind: 'percentage', amount: 59.95 }],
          coupon: { code, applied: true, reason: null, message: null },
        });
      if (code)
        return HttpResponse.json({
          ...base,
          coupon:
            code === 'BIG'
              ? {
                  code,
                  applied: false,
                  reason: 'min_order',
                  message: 'This code needs an order of ₹999 or more',
                }
              : { code, applied: false, reason: 'unknown', message: 'This code is not valid' },
        });
      return HttpResponse.json(base);
    }),
  );
  return asked;
}

const seed = () => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
const summary = () => within(screen.getByRole('complementary', { name: 'Order Summary' }));

beforeEach(() => setAppliedCoupon(null));
afterEach(() => setAppliedCoupon(null));

describe('the cart’s Coupon code', () => {
  it('applies a code: the Discount line and the total are the server’s', async () => {
    const asked = answerQuotes();
    seed();
    renderWithProviders(<CartRoute />, { route: '/cart' });
    const user = userEvent.setup();
    await user.type(summary().getByLabelText('Coupon code'), 'save 10');
    await user.click(summary().getByRole('button', { name: 'Apply' }));

    expect(await summary().findByText('SAVE10')).toBeVisible();
    expect(summary().getByRole('status')).toHaveTextContent('SAVE10 applied: 10% off');
    const discount = summary().getByTestId('discount-line');
    expect(discount).toHaveTextContent('Discount');
    expect(discount).toHaveTextContent('−₹59.95');
    expect(summary().getByText('₹539.55')).toBeVisible();
    expect(summary().getByText('Free')).toBeVisible();
    expect(asked.at(-1)).toEqual({
      lines: [
        { productId: 'p1', quantity: 2, size: 'A5' },
        { productId: 'p2', quantity: 1 },
      ],
      couponCode: 'SAVE10',
    });

    await user.click(summary().getByRole('button', { name: 'Remove coupon SAVE10' }));
    await waitFor(() => expect(summary().queryByTestId('discount-line')).toBeNull());
    expect(summary().getByLabelText('Coupon code')).toHaveValue('');
    expect(summary().getAllByText('₹599.5')).toHaveLength(2); // subtotal and total again
  });

  it('says why a code does not apply, on the field', async () => {
    answerQuotes();
    seed();
    renderWithProviders(<CartRoute />, { route: '/cart' });
    const user = userEvent.setup();
    const field = summary().getByLabelText('Coupon code');
    await user.type(field, 'big');
    await user.click(summary().getByRole('button', { name: 'Apply' }));
    const reason = await summary().findByRole('alert');
    expect(reason).toHaveTextContent('This code needs an order of ₹999 or more');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', reason.id);
    expect(summary().queryByTestId('discount-line')).toBeNull();

    await user.clear(field);
    await user.type(field, 'nope');
    await user.click(summary().getByRole('button', { name: 'Apply' }));
    expect(await summary().findByText('This code is not valid')).toBeVisible();
  });

  it('asks for a code before asking the server', async () => {
    const asked = answerQuotes();
    seed();
    renderWithProviders(<CartRoute />, { route: '/cart' });
    await userEvent.click(summary().getByRole('button', { name: 'Apply' }));
    expect(summary().getByRole('alert')).toHaveTextContent('Enter a coupon code');
    expect(asked.every((b) => b.couponCode === undefined)).toBe(true);
  });
});

describe('the checkout with a Coupon code', () => {
  beforeEach(() => setAuthToken('token'));

  const renderCheckout = () => {
    seed();
    return renderWithProviders(<CheckoutRoute />, { route: '/checkout', path: '/checkout' });
  };

  async function fillShipping() {
    const user = userEvent.setup();
    for (const [label, value] of Object.entries({
      'Full Name': 'Asha Rao',
      Address: '12 MG Road',
      City: 'Bengaluru',
      'PIN Code': '560001',
      Phone: '9876543210',
    }))
      await user.type(screen.getByLabelText(label), value);
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    return user;
  }

  it('carries the code applied in the cart, shows its Discount and sends it with the order', async () => {
    answerQuotes();
    setAppliedCoupon('SAVE10');
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(`${API}/orders`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'K7M2QX9P', status: 0 }, { status: 201 });
      }),
    );
    renderCheckout();
    expect(await screen.findByTestId('discount-line')).toHaveTextContent('−₹59.95');
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('/payment?orderId=K7M2QX9P')).toBeInTheDocument();
    expect(body).toMatchObject({ couponCode: 'SAVE10' });
  });

  it('sends no code the server refused, and goes to the thank-you page for a ₹0 order', async () => {
    answerQuotes();
    setAppliedCoupon('BIG');
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(`${API}/orders`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'FREE0RDER1', status: 1, total: 0 }, { status: 201 });
      }),
    );
    renderCheckout();
    expect(await screen.findByText('This code needs an order of ₹999 or more')).toBeVisible();
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-success'));
    expect(body).not.toHaveProperty('couponCode');
  });

  it('a code used up meanwhile: the order is refused, the toast and the field say so', async () => {
    let usedUp = false;
    server.use(
      http.post(`${API}/cart/quote`, async ({ request }) => {
        const body = (await request.json()) as CartQuoteBody;
        const base = {
          lines: [],
          unavailable: [],
          subtotal: 599.5,
          delivery: { charge: 0, waived: 0, amount: 0, basis: 'free', label: 'Free', toFree: null },
          codFee: 0,
        };
        return HttpResponse.json(
          usedUp || !body.couponCode
            ? {
                ...base,
                discount: 0,
                total: 599.5,
                offers: [],
                coupon: body.couponCode
                  ? {
                      code: body.couponCode,
                      applied: false,
                      reason: 'used_up',
                      message: 'This code has been used up',
                    }
                  : null,
              }
            : {
                ...base,
                discount: 100,
                total: 499.5,
                offers: [{ code: 'LAST', description: '₹100 off', kind: 'fixed', amount: 100 }],
                coupon: { code: 'LAST', applied: true, reason: null, message: null },
              },
        );
      }),
      http.post(`${API}/orders`, () => {
        usedUp = true;
        return HttpResponse.json(
          {
            error: 'This code has been used up',
            code: 'coupon_refused',
            fields: { couponCode: 'This code has been used up', 'couponCode.reason': 'used_up' },
          },
          { status: 409 },
        );
      }),
    );
    setAppliedCoupon('LAST');
    renderCheckout();
    expect(await screen.findByTestId('discount-line')).toHaveTextContent('−₹100');
    const user = await fillShipping();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // on the toast (the field says it too, once the quote is asked again)
    await waitFor(() => {
      const toast = screen
        .getAllByText('This code has been used up')
        .map((n) => n.closest<HTMLElement>('[data-sonner-toast]'))
        .find(Boolean);
      expect(toast).toHaveAttribute('data-type', 'error');
      expect(within(toast!).getByText('Error placing order')).toBeInTheDocument();
    });
    await waitFor(() => expect(screen.queryByTestId('discount-line')).toBeNull());
    expect(
      within(screen.getByTestId('coupon')).getByText('This code has been used up'),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  });
});
