/**
 * Issue 25: every error body carries a machine-readable `code` from contracts' list beside its
 * `error` text (and `fields` where inputs were wrong), so clients branch on codes, never on the
 * wording. Walks one failure of each kind the API answers with, from Fastify's own refusals to a
 * database outage.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes } from '@store/contracts/api-errors';
import { registerErrorHandler } from './lib/errors';
import { authLimits } from './plugins/rate-limit';
import { setStock } from './test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
} from './test/test-app';

/** The body as a client reads it: `error` and a known `code`, `fields` a map of strings if any. */
function expectErrorBody(body: unknown, code: string, what: string) {
  const { error, code: sent, fields } = body as Record<string, unknown>;
  expect(typeof error === 'string' && error.length > 0, `${what}: error text`).toBe(true);
  expect(apiErrorCodes as readonly unknown[], `${what}: code ${String(sent)}`).toContain(sent);
  expect(sent, what).toBe(code);
  if (fields !== undefined) {
    for (const message of Object.values(fields as object))
      expect(typeof message, `${what}: fields`).toBe('string');
  }
}

describe('error bodies of the store app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('name their code for every kind of refusal', async () => {
    const shopper = await registerAndLogin(t.app);
    const inject = t.app.inject.bind(t.app);
    const cases: [string, Promise<{ statusCode: number; json: () => unknown }>, number, string][] =
      [
        ['unknown API route', inject({ url: '/api/v1/nope' }), 404, 'not_found'],
        [
          'unknown product',
          inject({ url: '/api/v1/products/00000000-0000-4000-8000-000000000000' }),
          404,
          'not_found',
        ],
        [
          'unknown order',
          inject({ url: '/api/v1/orders/ZZZZZZZZZZ', headers: authHeader(shopper.token) }),
          404,
          'not_found',
        ],
        ['unknown image', inject({ url: '/media/nope/nope.webp' }), 404, 'not_found'],
        ['unknown sitemap part', inject({ url: '/sitemap-products-999.xml' }), 404, 'not_found'],
        [
          'schema validation',
          inject({
            method: 'POST',
            url: '/api/v1/users/authorize',
            payload: { email: 42, password: [] },
          }),
          400,
          'invalid_input',
        ],
        [
          'malformed JSON',
          inject({
            method: 'POST',
            url: '/api/v1/users/authorize',
            headers: { 'content-type': 'application/json' },
            payload: '{"email":',
          }),
          400,
          'malformed_json',
        ],
        [
          'body too large (Fastify)',
          inject({
            method: 'POST',
            url: '/api/v1/users/register',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ password: 'x'.repeat(110_000) }),
          }),
          413,
          'body_too_large',
        ],
        [
          'unsupported media type (Fastify)',
          inject({
            method: 'POST',
            url: '/api/v1/users/authorize',
            headers: { 'content-type': 'text/plain' },
            payload: 'hello',
          }),
          415,
          'unsupported_media_type',
        ],
        [
          'address too long',
          inject({ url: `/api/v1/products/${'a'.repeat(600)}` }),
          414,
          'uri_too_long',
        ],
        ['signed out', inject({ url: '/api/v1/orders' }), 401, 'unauthenticated'],
        ['back office signed out', inject({ url: '/api/v1/admin/orders' }), 401, 'unauthenticated'],
        [
          'e-mail taken',
          inject({
            method: 'POST',
            url: '/api/v1/users/register',
            payload: {
              email: shopper.email,
              password: 'secret-123',
              firstName: 'Asha',
              lastName: 'Rao',
            },
          }),
          409,
          'email_taken',
        ],
      ];
    for (const [what, answer, status, code] of cases) {
      const res = await answer;
      expect(res.statusCode, what).toBe(status);
      expectErrorBody(res.json(), code, what);
    }
  });

  it('name the short line of an order in fields, with out_of_stock', async () => {
    const shopper = await registerAndLogin(t.app);
    const [product] = await plainProducts(t.app, 1);
    await setStock(t.db, product!.id, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [product!.id]: 2 }, shippingAddress: testShippingAddress },
    });
    expect(res.statusCode).toBe(409);
    const message = `Only 1 of ${product!.title} is left`;
    // the checkout places the message on the line by its field, not by the name in the text
    expect(res.json()).toEqual({
      error: message,
      code: 'out_of_stock',
      fields: { [`products.${product!.id}`]: message, [`products.${product!.id}.available`]: '1' },
    });
  });

  it('name a product that is gone with cart_refused', async () => {
    const shopper = await registerAndLogin(t.app);
    const gone = '00000000-0000-4000-8000-000000000000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [gone]: 1 }, shippingAddress: testShippingAddress },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Some products are no longer available',
      code: 'cart_refused',
      fields: { [`products.${gone}`]: 'Unknown product' },
    });
  });

  it('name a rate limit with rate_limited', async () => {
    const ip = '203.0.113.99';
    let last;
    for (let i = 0; i <= authLimits.login.max; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/authorize',
        remoteAddress: ip,
        payload: { email: 'nobody@example.in', password: `wrong-${i}` },
      });
    }
    expect(last!.statusCode).toBe(429);
    expectErrorBody(last!.json(), 'rate_limited', 'rate limit');
  });
});

describe('the error handler', () => {
  it('names a database outage and an unexpected failure', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/outage', async () => {
      // what node-postgres raises when the server ends the connection (admin shutdown)
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    app.get('/bug', async () => {
      throw new TypeError('undefined is not a function');
    });
    const outage = await app.inject({ url: '/outage' });
    expect(outage.statusCode).toBe(503);
    expect(outage.headers['retry-after']).toBeDefined();
    expectErrorBody(outage.json(), 'database_unavailable', 'database outage');
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ error: 'Internal server error', code: 'internal' });
    await app.close();
  });
});
