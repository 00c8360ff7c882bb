import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { validFields } from '../test/pay-order';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a validly signed token of an account that no longer exists', () => {
  it('is 401 on every signed-in route, never a 500, and a visitor where signing in is optional', async () => {
    const gone = await registerAndLogin(t.app);
    const order = await placeTestOrder(t.app, gone.token);
    await t.db.delete(users).where(eq(users.id, gone.id));

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' });
    const productId = (list.json().data as { id: string }[])[0]!.id;
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/v1/orders',
        payload: { products: { [productId]: 1 }, shippingAddress: testShippingAddress },
      },
      { method: 'GET' as const, url: '/api/v1/orders' },
      { method: 'GET' as const, url: '/api/v1/accountInfo' },
      {
        method: 'POST' as const,
        url: '/api/v1/payments',
        payload: { orderId: order.id, fields: validFields('upi_qr') },
      },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: authHeader(gone.token) });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(res.json(), `${request.method} ${request.url}`).toEqual({
        error: 'Please log in: the session token is missing, invalid or expired',
        code: 'unauthenticated',
      });
    }
    // tracking treats the token as absent: the order (kept, without its owner) is not theirs
    const tracked = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: authHeader(gone.token),
    });
    expect(tracked.statusCode).toBe(404);
  });

  it('leaves a living account signed in', async () => {
    const shopper = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accountInfo',
      headers: authHeader(shopper.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(shopper.email);
  });
});
