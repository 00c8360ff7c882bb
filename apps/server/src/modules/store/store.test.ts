import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_ID, defaultStoreDomains } from '../../db/seed-data/store';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listStores } from './store.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /storeInfo', () => {
  it('answers the store record with categories, a default category image and a policy override', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.storeName).toBe('Kagaz & Kalam');
    expect(info.companyAddress).toMatch(/India/);
    expect(info.categories.length).toBeGreaterThanOrEqual(6);
    expect(info.categoryImages.default).toMatch(/^\/images\//);
    expect(info.policies.shipping).toContain('{companyName}');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storeInfo',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 304 to If-None-Match: * and 200 to a stale tag', async () => {
    const any = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storeInfo',
      headers: { 'if-none-match': '*' },
    });
    expect(any.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storeInfo',
      headers: { 'if-none-match': 'W/"not-the-current-one"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toHaveProperty('storeName');
  });

  it('falls back to the default store for an unknown host and honours X-Store-Domain', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storeInfo',
      headers: { host: 'unknown.example', 'x-store-domain': 'kagazkalam.in' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().storeName).toBe('Kagaz & Kalam');
  });
});

describe('listStores', () => {
  it('gives each storefront with its domains, default flag and store-info record', async () => {
    const [store, ...others] = await listStores(t.db);
    expect(others).toEqual([]);
    expect(store).toMatchObject({
      id: DEFAULT_STORE_ID,
      domains: defaultStoreDomains,
      isDefault: true,
      info: { storeName: 'Kagaz & Kalam' },
    });
  });
});
