import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../test/staff';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../test/test-app';

let t: TestApp;
let shopper: TestUser;
let orderId: string;
let staff: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  orderId = (await placeTestOrder(t.app, shopper.token)).id;
  staff = (await signInStaff(t.app, t.db, 'owner')).headers;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('answers that carry personal data', () => {
  it("are never stored by a browser or proxy: a shopper's account, orders and payment form", async () => {
    const me = authHeader(shopper.token);
    const answers = {
      accountInfo: await get('/api/v1/accountInfo', me),
      orders: await get('/api/v1/orders', me),
      order: await get(`/api/v1/orders/${orderId}`, me),
      tracked: await get(
        `/api/v1/orders/${orderId}?contactInfo=${encodeURIComponent(shopper.email)}`,
      ),
      paymentFields: await get('/api/v1/payments/fields', me),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    // the payment form is prefilled with the shopper's e-mail: what made it private
    expect(answers.paymentFields.body).toContain(shopper.email);
  });

  it("are never stored: a sign-in's token and a staff member's screens", async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    for (const url of [
      '/api/v1/admin/session',
      '/api/v1/admin/customers',
      '/api/v1/admin/orders',
    ]) {
      const res = await get(url, staff);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('public answers', () => {
  it('keep their own caching', async () => {
    expect((await get('/api/v1/storeInfo')).headers['cache-control']).toBe('no-cache');
    expect((await get('/api/v1/products?page=1&limit=12')).headers['cache-control']).toBe(
      'no-cache',
    );
    expect((await get('/api/v1/pincodes/560038')).headers['cache-control']).toBe(
      'public, max-age=300',
    );
  });
});
