/**
 * Security review of the server-rendered storefront (issue 14): what reaches the HTML of a page
 * request, from the URL, the back office, the Host and the visitor's cookies. Runs against the real
 * web build (apps/web/dist and dist-ssr: `npm run build -w apps/web` first) and skips without it.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '../db/schema';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';
import { serverRoot } from '../env';
import { insertShoppers } from '../test/shoppers';
import { createTestApp, type TestApp } from '../test/test-app';

const webDistDir = join(serverRoot, '..', 'web', 'dist');
const built = existsSync(join(webDistDir, '..', 'dist-ssr', 'entry-server.js'));

let t: TestApp;
beforeAll(async () => {
  if (built) t = await createTestApp({ webDistDir });
});
afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The markup the HTML parser would see outside the data blocks' text. */
const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));

describe.skipIf(!built)('server render: hostile text from the back office', () => {
  it('a product title/description with </script>, <!-- and U+2028 stays text in HTML, JSON data and JSON-LD', async () => {
    const [row] = await t.db
      .select({ id: products.id, title: products.title, description: products.description })
      .from(products)
      .where(eq(products.storeId, DEFAULT_STORE_ID))
      .limit(1);
    const evil = '</script><script>alert(1)</script><!--\u2028"\'><img src=x onerror=alert(2)>';
    await t.db
      .update(products)
      .set({ title: `Pen ${evil}`, description: `Ink ${evil}` })
      .where(eq(products.id, row!.id));
    t.app.catalogueChanged();
    try {
      const res = await page(`/product/${row!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('<img src=x onerror');
      expect(res.body).not.toMatch(/<!--\u2028/);
      // exactly the scripts index.html and the head bring, nothing injected
      const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scripts)
        expect(tag).toMatch(/type="(module|application\/json|application\/ld\+json)"|src=/);
    } finally {
      await t.db
        .update(products)
        .set({ title: row!.title, description: row!.description })
        .where(eq(products.id, row!.id));
      t.app.catalogueChanged();
    }
  });

  it('store info and a policy override with markup never carry a script or handler to the page', async () => {
    const [store] = await t.db.select().from(stores).where(eq(stores.id, DEFAULT_STORE_ID));
    await t.db
      .update(stores)
      .set({
        storeName: 'Shop</script><script>alert(1)</script>',
        description: '"><img src=x onerror=alert(2)>',
        companyName: '<svg onload=alert(3)>',
        policies: {
          ...store!.policies,
          terms:
            '<p>ok</p><script>alert(4)</script><img src=x onerror=alert(5)><a href="javascript:alert(6)">x</a>',
        },
      })
      .where(eq(stores.id, DEFAULT_STORE_ID));
    t.app.reloadStores();
    t.app.catalogueChanged();
    try {
      for (const url of ['/', '/terms', '/contact', '/products']) {
        const res = await page(url);
        // as markup: escaped text (&lt;) and \u003c inside the JSON data blocks are fine
        expect(res.body, url).not.toMatch(/<script>alert|<img src=x|<svg onload|href="javascript:/);
        if (url === '/terms') expect(res.body).toContain('<p>ok</p>');
      }
    } finally {
      await t.db
        .update(stores)
        .set({
          storeName: store!.storeName,
          description: store!.description,
          companyName: store!.companyName,
          policies: store!.policies,
        })
        .where(eq(stores.id, DEFAULT_STORE_ID));
      t.app.reloadStores();
      t.app.catalogueChanged();
    }
  });
});

describe.skipIf(!built)('server render: whose page it is', () => {
  it("concurrent renders for two stores each carry their own store's name, never the other's", async () => {
    await t.db.insert(stores).values({
      id: 'review-second',
      domains: ['second-review.example'],
      storeName: 'Second Review Shop',
      companyName: 'Second Review Pvt Ltd',
      companyAddress: 'Pune',
      companyEmail: 'b@second.example',
      companyPhone: '+91 20 0000 0000',
    });
    t.app.reloadStores();
    t.app.catalogueChanged();
    try {
      const main = (await t.db.select().from(stores).where(eq(stores.id, DEFAULT_STORE_ID)))[0]!;
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          page(i % 3 === 0 ? '/' : i % 3 === 1 ? '/products' : '/contact', {
            ...(i % 2 ? { host: 'second-review.example' } : {}),
          }).then((res) => ({ second: i % 2 === 1, body: res.body })),
        ),
      );
      for (const { second, body } of results) {
        const root = between(body, '<div id="root">', '</html>');
        if (second) {
          expect(root).toContain('Second Review Shop');
          expect(root).not.toContain(main.storeName.replace('&', '&amp;'));
        } else {
          expect(root).not.toContain('Second Review');
        }
      }
    } finally {
      await t.db.delete(stores).where(eq(stores.id, 'review-second'));
      t.app.reloadStores();
      t.app.catalogueChanged();
    }
  });

  it("a signed-in shopper's cookie and bearer token are not used: the page is a visitor's", async () => {
    const [shopper] = await insertShoppers(t.app, t.db, 1);
    const res = await page('/', {
      cookie: `auth_token=${shopper!.token}`,
      authorization: `Bearer ${shopper!.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(shopper!.email);
    expect(res.body).not.toContain(shopper!.token);
    expect(res.body).not.toContain('Buyer 0');
  });

  it('a draft product is a 404 page with no trace of it, and is not in the sitemap', async () => {
    const [row] = await t.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.storeId, DEFAULT_STORE_ID))
      .limit(1);
    await t.db.update(products).set({ active: false }).where(eq(products.id, row!.id));
    t.app.catalogueChanged();
    try {
      const res = await page(`/product/${row!.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(row!.title);
      const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.body).not.toContain(row!.id);
    } finally {
      await t.db.update(products).set({ active: true }).where(eq(products.id, row!.id));
      t.app.catalogueChanged();
    }
  });
});

describe.skipIf(!built)('server render: hostile URLs and headers', () => {
  it('odd paths and queries answer a page or a 4xx, never a 500', async () => {
    const urls = [
      '/product/%E0%A4%A',
      '/product/%00',
      '/product/..%2F..%2Fapi%2Fv1%2FstoreInfo',
      `/products?${Array.from({ length: 300 }, (_, i) => `attr=k${i}:v`).join('&')}`,
      `/products?${Array.from({ length: 300 }, (_, i) => `size=s${i}`).join('&')}`,
      '/products?page=1e400&limit=100000&sort=%00',
      '/products?category=%E0%A4%A&q=%uD800',
      '/products?q=' + encodeURIComponent('a & b | !c <-> d:*'),
      '/%2e%2e/%2e%2e/etc/passwd',
      '/terms/',
      '/product/abc/def',
    ];
    for (const url of urls) {
      const res = await page(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/node:internal|\n\s+at \S+ \(/);
    }
  });

  it('an unknown Host never puts its own name in the canonical of a real store (publicBaseUrl set)', async () => {
    // With publicBaseUrl the origin is always it; without, the Host only when it is the store's.
    const other = await createTestApp({ webDistDir, publicBaseUrl: 'https://shop.example' });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', host: 'evil.example' },
      });
      expect(res.body).toContain('href="https://shop.example/"');
      expect(res.body).not.toContain('evil.example');
    } finally {
      await other.close();
    }
  });

  // BUG: pageHead (store table reload, a product head on a cache miss) runs outside the renderer's
  // fallback, so a database blip turns every page into the API's JSON 500 instead of index.html.
  it('a page request while the database fails answers an HTML page, not a JSON 500', async () => {
    const other = await createTestApp({ webDistDir });
    try {
      await other.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const [row] = await other.db.select({ id: products.id }).from(products).limit(1);
      await other.database.close();
      // a product page whose head is not cached yet, with the store table still loaded
      other.app.catalogueChanged();
      const product = await other.app.inject({
        method: 'GET',
        url: `/product/${row!.id}`,
        headers: { accept: 'text/html' },
      });
      // any page once the store table's 30 s are up
      other.app.reloadStores();
      const home = await other.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html' },
      });
      for (const res of [product, home]) {
        expect(res.statusCode).not.toBe(500);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root">');
      }
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe.skipIf(!built)('server render: what a crawler is told to index', () => {
  // BUG: q gets noindex, but any made-up category or parent category (or a page past the last) is a
  // 200, indexable, self-canonical page whose <title> and description are the attacker's words
  // under the store's name: one link from elsewhere puts "Call +1-800-SCAM for refunds | Kagaz &
  // Kalam" into search results.
  it("a listing of a category no product has is not indexable with the visitor's words as its title", async () => {
    for (const url of [
      '/products?parentCategory=Call%20%2B1-800-SCAM%20for%20refunds',
      '/products?category=Cheap%20Pills%20Visit%20evil.example',
      '/products?page=999999',
    ]) {
      const res = await page(url);
      const indexable =
        res.statusCode === 200 && !res.body.includes('<meta name="robots" content="noindex">');
      expect(indexable, url).toBe(false);
    }
  });
});

describe.skipIf(!built)('server render: letter case in the path', () => {
  // BUG: React Router matches paths case-insensitively, the head (pageHead, fixedPageNames, policy
  // slugs, /product/) and isPrivatePage do not. /Product/<id> is the full product page sent as a
  // noindex "Page not found" 404; /CART and /Account are private pages rendered on the server
  // (the latter logging "<Navigate> must not be used on the initial render" on every request).
  it('a path in another letter case gets the status and head of the page it shows', async () => {
    const [row] = await t.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.storeId, DEFAULT_STORE_ID))
      .limit(1);
    const res = await page(`/Product/${row!.id}`);
    const showsProduct = res.body.includes(`>${row!.title}</h1>`);
    // either the product page as itself (200), or a real not-found / redirect, not a mix
    expect(showsProduct && res.statusCode === 404).toBe(false);
    const cart = await page('/CART');
    expect(cart.body).toContain('<div id="root"></div>');
  });
});

describe('sitemap behind a shared cache', () => {
  // BUG: /sitemap.xml is `public, max-age=600` and differs by X-Store-Domain (another store's
  // products), but sends no Vary, while the API's cached answers say
  // `Vary: Host, X-Store-Domain`. A CDN in front keeps whichever store's sitemap it fetched first
  // under this store's URL for 10 minutes: one request with X-Store-Domain poisons it.
  it('/sitemap.xml, its parts and robots.txt say they vary by Host and X-Store-Domain', async () => {
    const app = built ? t.app : (t ??= await createTestApp()).app;
    for (const url of ['/sitemap.xml', '/sitemap-pages.xml', '/robots.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['cache-control']), url).toMatch(/public/);
      expect(String(res.headers.vary ?? ''), url).toMatch(/\bHost\b.*X-Store-Domain/i);
    }
  });
});

describe.skipIf(!built)('server render: a rebuild while the server runs', () => {
  // BUG: index.html is re-read when it changes (createIndexReader), but the renderer and the Vite
  // manifest behind #ssr-preload are read once at startup: after `npm run build -w apps/web` with the
  // server up, every page's #ssr-preload names chunks the rebuild deleted (seen live: 7-10 404s per
  // page in Chromium), and the markup comes from the old renderer while the browser runs the new app.
  it("after a rebuild, #ssr-preload names only the new build's files", async () => {
    const root = mkdtempSync(join(tmpdir(), 'web-rebuild-'));
    cpSync(webDistDir, join(root, 'dist'), { recursive: true });
    cpSync(join(webDistDir, '..', 'dist-ssr'), join(root, 'dist-ssr'), { recursive: true });
    const other = await createTestApp({ webDistDir: join(root, 'dist') });
    const preloads = async () => {
      const res = await other.app.inject({
        method: 'GET',
        url: '/contact',
        headers: { accept: 'text/html' },
      });
      const json = /<script type="application\/json" id="ssr-preload">(.*?)<\/script>/.exec(
        res.body,
      );
      const { app, page } = JSON.parse(json![1]!) as { app: string[]; page: string[] };
      return [...app, ...page];
    };
    try {
      const before = await preloads();
      expect(before.length).toBeGreaterThan(0);
      // the rebuild: one chunk gets a new hash, the manifest and index.html are rewritten
      const old = before[0]!.slice(1);
      const renamed = old.replace(/\.js$/, '-new.js');
      renameSync(join(root, 'dist', old), join(root, 'dist', renamed));
      const manifestFile = join(root, 'dist', '.vite', 'manifest.json');
      writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').replaceAll(old, renamed));
      const later = new Date(Date.now() + 5_000);
      utimesSync(join(root, 'dist', 'index.html'), later, later);
      for (const path of await preloads()) expect(existsSync(join(root, 'dist', path))).toBe(true);
    } finally {
      await other.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
