import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><title>store</title><div id="root"></div>',
  );
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log("hi")');
  t = await createTestApp({ webDistDir: web });
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/v1/nope',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(404);
      // with a web build, plugins/web.ts's catch-all answers this with its own NOT_FOUND, which
      // has no code yet (that file is being rewritten in parallel); without one, app.ts's API
      // not-found handler answers it with code not_found (error-codes.test.ts)
      expect(res.json()).toMatchObject({ error: 'Not found' });
    }
  });

  it('answers bodies over 100 KB with 413 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: 'a@b.in',
        password: 'x'.repeat(110_000),
        firstName: 'Ab',
        lastName: 'Cd',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/too large/);
  });

  it('answers wrong types and unsupported media types with 4xx JSON, never a stack', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      payload: { email: 42, password: [] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('email');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toEqual(expect.any(String));
    expect(text.statusCode).toBe(415);
    expect(text.body).not.toMatch(/at .*\.ts/);
  });

  it('does not take form posts on the JSON API (a cross-site form cannot register or log in)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'firstName=Ab&lastName=Cd&email=form%40example.in&password=secret123',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'unsupported_media_type' });
  });

  it('refuses NUL characters, which PostgreSQL cannot store, with a 400 instead of a 500', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/v1/products?category=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatch(/NUL/);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: {
        firstName: 'A\u0000b',
        lastName: 'Cd',
        email: 'nul@example.in',
        password: 'secret12',
      },
    });
    expect(body.statusCode).toBe(400);
    const path = await t.app.inject({ method: 'GET', url: '/api/v1/orders/AB%00CD?contactInfo=x' });
    expect(path.statusCode).toBe(400);
  });

  it('answers addresses the router refuses in the same { error, code } shape, without echoing them', async () => {
    // API only: with a web build its catch-all route answers over-long paths with a 404
    const api = await createTestApp();
    try {
      const long = await api.app.inject({
        method: 'GET',
        url: `/api/v1/products/${'a'.repeat(300)}`,
      });
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ error: 'The address is too long', code: 'uri_too_long' });
      const badEncoding = await api.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A' });
      expect(badEncoding.statusCode).toBe(400);
      expect(badEncoding.json()).toEqual({
        error: 'The address is not valid (bad percent-encoding)',
        code: 'invalid_address',
      });
      expect(badEncoding.body).not.toContain('%E0');
    } finally {
      await api.close();
    }
  });

  it('reads page and limit only as plain decimal numbers', async () => {
    for (const page of ['0x10', '1e1', '2.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?page=${page}` });
      expect(res.statusCode, page).toBe(400);
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/products?page=2&limit=5' });
    expect(ok.json().data).toHaveLength(5);
  });
});

describe('security headers', () => {
  it('every response forbids sniffing and framing', async () => {
    for (const url of ['/api/v1/storeInfo', '/api/v1/nope', '/sandbox-gateway/pay?paymentId=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the web app is served with a policy that allows only its own scripts', async () => {
    for (const url of ['/', '/product/123']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
  });
});

describe('web app and images', () => {
  it('serves index.html no-cache, hashed assets immutable, and falls back to index.html for SPA routes', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const spa = await t.app.inject({
      method: 'GET',
      url: '/products?category=diaries',
      headers: { accept: 'text/html,*/*' },
    });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<div id="root">');
    // a product that does not exist still gets the app (it says so), with the status crawlers need
    const unknownProduct = await t.app.inject({
      method: 'GET',
      url: '/product/123',
      headers: { accept: 'text/html,*/*' },
    });
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.body).toContain('<div id="root">');
    const missingAsset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
    const sandbox = await t.app.inject({
      method: 'GET',
      url: '/sandbox-gateway/nope',
      headers: { accept: 'text/html' },
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('serves the new index.html on deep links after a rebuild, without a restart', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { accept: 'text/html' },
    });
    expect(before.body).not.toContain('index-new456.js');
    const file = join(web, 'index.html');
    writeFileSync(
      file,
      '<!doctype html><script src="/assets/index-new456.js"></script><div id="root"></div>',
    );
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const after = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { accept: 'text/html' },
    });
    expect(after.body).toContain('index-new456.js');
  });

  it('serves the shipped product art', async () => {
    const products = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).json()
      .data;
    const res = await t.app.inject({ method: 'GET', url: products[0].images[1].url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
  });
});

describe('OpenAPI', () => {
  it('documents every route at /api/v1/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/users/authorize',
      '/api/v1/users/register',
      '/api/v1/accountInfo',
      '/api/v1/storeInfo',
      '/api/v1/products',
      '/api/v1/products/{id}',
      '/api/v1/orders',
      '/api/v1/orders/{orderId}',
    ]) {
      expect(paths).toContain(p);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).statusCode).toBeLessThan(
      400,
    );
  });
});
