import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { pinLookupFixture, storeInfoFixture } from './fixtures';

/** Base of every API call in tests (jsdom runs at http://localhost:3000). */
export const API = 'http://localhost:3000/api/v1';

/** Handlers every test gets; a test overrides them with server.use(...). */
export const defaultHandlers = [
  http.get(`${API}/storeInfo`, () => HttpResponse.json(storeInfoFixture)),
  // the checkout looks up every complete PIN typed (a few known ones; others are unknown)
  http.get(`${API}/pincodes/:pin`, ({ params }) => {
    const found = pinLookupFixture(String(params.pin));
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json(
          { error: `We could not find PIN code ${String(params.pin)}. Please check it.` },
          { status: 404 },
        );
  }),
  // a signed-in shopper with nothing to prefill: no saved addresses, no account details
  http.get(`${API}/account/addresses`, () => HttpResponse.json({ data: [] })),
  http.get(`${API}/accountInfo`, () => HttpResponse.json({ data: {} })),
  // the cart and wishlist pages check a visitor's lists on each view: by default the server has
  // nothing to say of them (no line is changed); tests of the checks answer for themselves
  http.post(`${API}/cart/check`, () => HttpResponse.json({ data: [] })),
  http.post(`${API}/wishlist/check`, () => HttpResponse.json({ data: [] })),
  // the cart's quote is not priced unless a test says how: the totals fall back to the cart's
  // own sum (a test of discounts answers it with server.use)
  http.post(`${API}/cart/quote`, () =>
    HttpResponse.json({ error: 'Not priced in this test', code: 'unavailable' }, { status: 503 }),
  ),
];

export const server = setupServer(...defaultHandlers);
