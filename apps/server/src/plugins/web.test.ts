import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, plainProducts, type TestApp } from '../test/test-app';

// The back office is its own built app at /admin, beside the storefront at /.
function builtApp(name: string, asset: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-dist-`));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en-IN"><title>${name}</title><div id="root">`,
  );
  writeFileSync(join(dir, 'assets', asset), 'console.log(1)');
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    webDistDir: builtApp('store', 'index-web1.js'),
    adminDistDir: builtApp('admin', 'index-admin1.js'),
  });
});
afterAll(() => t.close());

const html = { accept: 'text/html,*/*' };

describe('the back office at /admin', () => {
  it('serves its index.html no-cache with its own policy, for /admin, /admin/ and deep links', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders/abc?x=1', '/admin/login']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>admin</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("form-action 'self'");
      expect(csp, url).not.toContain('payu');
    }
  });

  it('serves its hashed assets immutable, and a missing one is a 404, never an index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-admin1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/gone.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    // the storefront's assets are not the back office's
    const webAsset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-web1.js' });
    expect(webAsset.statusCode).toBe(404);
  });

  it('the storefront still answers its own routes, and its fallback never answers /admin/*', async () => {
    const store = await t.app.inject({ method: 'GET', url: '/product/1', headers: html });
    expect(store.body).toContain('<title>store</title>');
    expect(String(store.headers['content-security-policy'])).toContain('payu');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/admin/nope', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('a storefront form sent before its code arrived', () => {
  it('comes back to its page as a GET (303), not an error; the API and /admin are not pages', async () => {
    const form = {
      ...html,
      'content-type': 'application/x-www-form-urlencoded',
    };
    for (const url of ['/contact', '/']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: form,
        payload: 'email=a%40b.in',
      });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(url);
    }
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nothing-here',
      headers: form,
      payload: 'a=1',
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(String) });
    const admin = await t.app.inject({
      method: 'POST',
      url: '/admin/orders',
      headers: form,
      payload: 'a=1',
    });
    expect(admin.statusCode).toBe(404);
  });
});

describe('without a built back office', () => {
  it('answers /admin/* with a JSON 404, not the storefront', async () => {
    const other = await createTestApp(
      { webDistDir: builtApp('store', 'index-web2.js'), adminDistDir: null },
      { sameDatabaseAs: t },
    );
    try {
      const res = await other.app.inject({ method: 'GET', url: '/admin/orders', headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    } finally {
      await other.close();
    }
  });
});

describe('a storefront page for a signed-in shopper', () => {
  const page = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/contact',
      headers: cookie ? { ...html, cookie } : html,
    });

  it('is marked signed-in when the request carries the sign-in cookie, so Login stays hidden', async () => {
    const signedIn = await page('theme=dark; auth_token=abc.def');
    expect(signedIn.body).toContain('<html data-signed-in lang="en-IN">');
    // the page differs by cookie: no cache may give one shopper's to another
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
    for (const cookie of [undefined, 'auth_token=', 'my_auth_token=abc', 'auth_token_old=abc']) {
      const visitor = await page(cookie);
      expect(visitor.body, String(cookie)).toContain('<html lang="en-IN">');
    }
  });
});

describe('a storefront page behind a shared cache', () => {
  // Which store a page shows (its name, canonical, products) follows Host and X-Store-Domain; the
  // pages said Vary: Cookie only, so a cache could hand one store's page out under another's name.
  it('says it varies by Host and X-Store-Domain as well as Cookie', async () => {
    for (const url of ['/', '/contact', '/products', '/no-such-page', '/cart']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      const vary = String(res.headers.vary ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase());
      expect(vary, url).toEqual(expect.arrayContaining(['cookie', 'host', 'x-store-domain']));
    }
  });
});

describe('a page URL whatever the Accept header says', () => {
  // link previews (Facebook's, chat apps') and curl send */* or nothing: they got a JSON 404
  it('answers the page to */*, to no Accept and to text/*, and JSON only to a JSON-only client', async () => {
    const [product] = await plainProducts(t.app, 1);
    const pages = ['/', '/contact', '/products?category=diaries', `/product/${product!.id}`];
    for (const accept of ['*/*', undefined, 'text/*', 'text/html']) {
      for (const url of pages) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: accept === undefined ? {} : { accept },
        });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type'], `${url} ${accept}`).toMatch(/^text\/html/);
        expect(res.body, `${url} ${accept}`).toContain('<title>store</title>');
      }
    }
    const json = await t.app.inject({
      method: 'GET',
      url: pages[3]!,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('keeps the JSON 404 for missing files and unknown API paths, whatever the Accept', async () => {
    for (const url of ['/assets/gone.js', '/favicon-gone.ico', '/api/v1/nope', '/api/nope']) {
      for (const accept of ['*/*', 'text/html,*/*']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.json(), `${url} ${accept}`).toEqual({ error: 'Not found', code: 'not_found' });
      }
    }
  });
});
