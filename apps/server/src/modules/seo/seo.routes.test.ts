import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policySlugs } from '@store/contracts/store';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { siteOrigin } from './site-urls';
import { pagesSitemapXml, productsSitemapXml, sitemapXml } from './sitemap.service';

let t: TestApp;
let owner: SignedInStaff;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

describe('robots.txt', () => {
  it('keeps robots out of the private pages, the API and the back office, and names the sitemap', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'kagazkalam.in' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/cart', '/checkout', '/account', '/orders', '/payment', '/api/', '/admin'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://kagazkalam.in/sitemap.xml');
  });

  it("the origin is the configured public address when there is one, else the request's only when it is the store's", () => {
    const request = (host: string) =>
      ({ protocol: 'http', host, hostname: host.replace(/:\d+$/, '') }) as FastifyRequest;
    const store = { domains: ['kagazkalam.in', 'internal'] };
    const configured = { publicBaseUrl: 'https://kagazkalam.in/' } as FastifyInstance;
    const unset = { publicBaseUrl: undefined } as FastifyInstance;
    expect(siteOrigin(configured, request('internal:3000'), store)).toBe('https://kagazkalam.in');
    expect(siteOrigin(unset, request('internal:3000'), store)).toBe('http://internal:3000');
    expect(siteOrigin(unset, request('INTERNAL:3000'), store)).toBe('http://INTERNAL:3000');
    expect(siteOrigin(unset, request('evil.example'), store)).toBe('http://kagazkalam.in');
    expect(siteOrigin(unset, request('evil.example'), null)).toBe('http://localhost');
  });

  // Any Host reaches the default store: without PUBLIC_BASE_URL, the Host header as sent was
  // the origin of robots.txt, the sitemap and the page's canonical link and og:url.
  it("never writes a Host that is not one of the store's domains into robots.txt or the sitemap", async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemap-pages.xml']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
      expect(res.body, url).toContain('http://localhost/');
    }
  });
});

describe('sitemap.xml', () => {
  it('lists home, the listing, categories as the home tiles link them, parents, policies, contact and published products', async () => {
    const published = await saveProduct(t.app, owner, {
      title: 'Sitemap Pen',
      category: 'Pens & Writing',
      parentCategory: 'Writing Instruments',
    });
    const draft = await saveProduct(t.app, owner, { title: 'Sitemap Draft', published: false });
    const res = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'kagazkalam.in' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const urls = locs(res.body);
    const origin = 'http://kagazkalam.in';
    expect(urls).toContain(`${origin}/`);
    expect(urls).toContain(`${origin}/products`);
    expect(urls).toContain(`${origin}/products?category=diaries%20%26%20notebooks`);
    expect(urls).toContain(`${origin}/products?category=pens%20%26%20writing`);
    expect(urls).toContain(`${origin}/products?parentCategory=Writing%20Instruments`);
    for (const slug of policySlugs) expect(urls).toContain(`${origin}/${slug}`);
    expect(urls).toContain(`${origin}/contact`);
    expect(urls).toContain(`${origin}/product/${published}`);
    expect(urls).not.toContain(`${origin}/product/${draft}`);
    expect(urls).not.toContain(`${origin}/cart`);
    // a product's entry says when it last changed
    expect(res.body).toMatch(
      new RegExp(`<loc>${origin}/product/${published}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );

    // every listed product is one the API shows
    const products = urls.filter((u) => u.includes('/product/'));
    const total = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).json()
      .pagination.total as number;
    expect(products).toHaveLength(total);
  });

  it('past the per-file limit: an index of the pages and products in parts, each within the limit', async () => {
    const store = (await t.app.storeFor({
      headers: { host: 'kagazkalam.in' },
    } as FastifyRequest))!;
    expect(store.id).toBe(DEFAULT_STORE_ID);
    const input = {
      db: t.db,
      storeId: store.id,
      info: store.info,
      origin: 'https://k.in',
      maxUrls: 25,
    };
    const index = await sitemapXml(input);
    expect(index).toContain('<sitemapindex');
    const parts = locs(index);
    expect(parts[0]).toBe('https://k.in/sitemap-pages.xml');
    const productParts = parts.slice(1);
    const seen: string[] = [];
    for (let part = 1; part <= productParts.length; part++) {
      expect(productParts[part - 1]).toBe(`https://k.in/sitemap-products-${part}.xml`);
      const urls = locs((await productsSitemapXml(input, part))!);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(25);
      seen.push(...urls);
    }
    expect(await productsSitemapXml(input, productParts.length + 1)).toBeNull();
    const total = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).json()
      .pagination.total as number;
    expect(new Set(seen).size).toBe(total);
    expect(locs(await pagesSitemapXml(input))).toContain('https://k.in/contact');
  });

  it('serves the index parts over HTTP; a part past the end is 404', async () => {
    const part = await t.app.inject({ method: 'GET', url: '/sitemap-products-1.xml' });
    expect(part.statusCode).toBe(200);
    expect(locs(part.body).length).toBeGreaterThan(0);
    const pages = await t.app.inject({ method: 'GET', url: '/sitemap-pages.xml' });
    expect(locs(pages.body).some((u) => u.endsWith('/privacy'))).toBe(true);
    for (const url of [
      '/sitemap-products-99.xml',
      '/sitemap-products-0.xml',
      '/sitemap-products-x.xml',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });
});
