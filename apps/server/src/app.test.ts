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
      expect(res.json()).toEqual({ error: 'Not found' });
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
    expect(text.statusCode).toBe(400);
    expect(text.body).not.toMatch(/at .*\.ts/);
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
      url: '/product/123',
      headers: { accept: 'text/html,*/*' },
    });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<div id="root">');
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
