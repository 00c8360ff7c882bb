import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pageHead } from './page-head';

let t: TestApp;
let owner: SignedInStaff;
const HOST = 'shop.example.in';

/** A page request as the web plugin's navigation handler gets it. */
const request = (url: string, host = HOST) =>
  ({
    url,
    headers: { host },
    host,
    hostname: host,
    protocol: 'https',
  }) as unknown as FastifyRequest;

const headOf = (url: string) => pageHead(t.app, request(url));

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The content of `<meta {attr}="{key}">` (decoded), or undefined. */
function metaOf(head: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head);
  return tag ? decode(tag[1]!) : undefined;
}
const titleOf = (head: string) => decode(/<title>([^<]*)<\/title>/.exec(head)![1]!);
const canonicalOf = (head: string) =>
  decode(/<link rel="canonical" href="([^"]*)">/.exec(head)![1]!);
const jsonLdOf = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown> & { '@type': string },
  );

beforeAll(async () => {
  t = await createTestApp();
  // the store's own address: the one its absolute URLs may name (site-urls.ts siteOrigin)
  await t.db
    .update(stores)
    .set({ domains: sql`array_append(${stores.domains}, ${HOST})` })
    .where(eq(stores.id, DEFAULT_STORE_ID));
  t.app.reloadStores();
  owner = await signInStaff(t.app, t.db, 'owner');
});

describe('pageHead: the origin of its absolute URLs', () => {
  // Any Host reaches the default store: without PUBLIC_BASE_URL the Host header as sent was the
  // canonical link's and og:url's origin, so one request could name an attacker's site there.
  it("is the request's address only when it is one of the store's domains", async () => {
    const own = await headOf('/contact');
    expect(canonicalOf(own.head)).toBe(`https://${HOST}/contact`);
    const { head } = await pageHead(t.app, request('/contact', 'evil.example'));
    expect(head).not.toContain('evil.example');
    expect(canonicalOf(head)).toBe('https://localhost/contact');
    expect(metaOf(head, 'og:url')).toBe('https://localhost/contact');
  });
});
afterAll(() => t.close());

describe('pageHead: products', () => {
  it('a product: its name in the title, its words, canonical, Open Graph, Twitter and Product/Offer in INR', async () => {
    const id = await saveProduct(t.app, owner, {
      title: 'Linen Bound Diary',
      description:
        '<p>A <strong>linen</strong> diary &amp; planner with 192 ivory pages.</p><script>evil()</script>' +
        ' Thread-sewn so it lies flat. '.repeat(10),
      category: 'Diaries & Notebooks',
      parentCategory: 'Journals',
      regularPrice: 499,
      discountedPrice: 449.5,
      stock: 12,
      images: [{ url: '/images/products/a.svg' }, { url: 'https://cdn.example.com/b.jpg' }],
    });
    const { status, head } = await headOf(`/product/${id}?utm_source=newsletter`);
    expect(status).toBe(200);
    expect(titleOf(head)).toBe('Linen Bound Diary | Kagaz & Kalam');
    const description = metaOf(head, 'description')!;
    expect(
      description.startsWith('A linen diary & planner with 192 ivory pages. Thread-sewn'),
    ).toBe(true);
    expect(description).not.toMatch(/<|evil/);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(canonicalOf(head)).toBe(`https://${HOST}/product/${id}`);
    expect(metaOf(head, 'og:type')).toBe('product');
    expect(metaOf(head, 'og:url')).toBe(`https://${HOST}/product/${id}`);
    expect(metaOf(head, 'og:image')).toBe(`https://${HOST}/images/products/a.svg`);
    expect(metaOf(head, 'og:site_name')).toBe('Kagaz & Kalam');
    expect(metaOf(head, 'og:locale')).toBe('en_IN');
    expect(metaOf(head, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(head, 'twitter:title')).toBe('Linen Bound Diary | Kagaz & Kalam');
    expect(metaOf(head, 'product:price:amount')).toBe('449.50');
    expect(metaOf(head, 'robots')).toBeUndefined();

    const [product, breadcrumbs] = jsonLdOf(head);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Linen Bound Diary',
      sku: id,
      image: [`https://${HOST}/images/products/a.svg`, 'https://cdn.example.com/b.jpg'],
      category: 'Journals > Diaries & Notebooks',
      brand: { '@type': 'Brand', name: 'Kagaz & Kalam' },
      offers: {
        '@type': 'Offer',
        price: '449.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `https://${HOST}/product/${id}`,
      },
    });
    expect(product!.description).not.toMatch(/<|evil/);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `https://${HOST}/` },
        { position: 2, name: 'Journals', item: `https://${HOST}/products?parentCategory=Journals` },
        {
          position: 3,
          name: 'Diaries & Notebooks',
          item: `https://${HOST}/products?category=diaries%20%26%20notebooks`,
        },
        { position: 4, name: 'Linen Bound Diary' },
      ],
    });
  });

  it('a sold-out product is OutOfStock at its regular price', async () => {
    const id = await saveProduct(t.app, owner, {
      title: 'Sold Out Pen',
      stock: 0,
      regularPrice: 250,
    });
    const [product] = jsonLdOf((await headOf(`/product/${id}`)).head);
    expect(product!.offers).toMatchObject({
      price: '250.00',
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('a product with the owner’s SKU, barcode and weight names them (sku, gtin, weight)', async () => {
    const id = await saveProduct(t.app, owner, {
      title: 'Coded Sketchbook',
      sku: 'SK-A5',
      barcode: '8901030865275',
      weightGrams: 320,
    });
    const [product] = jsonLdOf((await headOf(`/product/${id}`)).head);
    expect(product).toMatchObject({
      sku: 'SK-A5',
      productID: id,
      gtin: '8901030865275',
      weight: { '@type': 'QuantitativeValue', value: 320, unitCode: 'GRM' },
    });
  });

  it('a title that tries to close the script or an attribute stays text', async () => {
    const title = `Ink "Noir" 'Bold' </script><script>alert(1)</script> & <b>`;
    const id = await saveProduct(t.app, owner, { title, description: '' });
    const { head } = await headOf(`/product/${id}`);
    // only the two JSON-LD blocks' own ends, no script the title opened
    expect(head.match(/<\/script>/g)).toHaveLength(2);
    expect(head.match(/<script/g)).toHaveLength(2);
    expect(head).not.toContain('<b>');
    expect(head).toContain('<title>Ink &quot;Noir&quot; &#39;Bold&#39; &lt;/script&gt;');
    // every attribute value stays inside its quotes and reads back as given
    expect(titleOf(head)).toBe(`${title} | Kagaz & Kalam`);
    expect(metaOf(head, 'og:title')).toBe(`${title} | Kagaz & Kalam`);
    expect(metaOf(head, 'description')).toBe(`Buy ${title} online at Kagaz & Kalam for ₹100.00.`);
    const [product] = jsonLdOf(head);
    expect(product!.name).toBe(title);
  });

  it('a draft, an unknown id and junk are 404 with a 404 head, as the API answers them', async () => {
    const draft = await saveProduct(t.app, owner, { title: 'Secret Draft', published: false });
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/products/${draft}` });
    expect(api.statusCode).toBe(404);
    for (const url of [
      `/product/${draft}`,
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/not-a-uuid',
      '/product/%E0%A4%A',
    ]) {
      const { status, head } = await headOf(url);
      expect(status, url).toBe(404);
      expect(titleOf(head)).toBe('Page not found | Kagaz & Kalam');
      expect(metaOf(head, 'robots')).toBe('noindex');
      expect(head).not.toContain('Secret Draft');
      expect(head).not.toContain('ld+json');
    }
  });
  it('a product unpublished after its head was served is a 404 at once (the cached answer is forgotten)', async () => {
    const id = await saveProduct(t.app, owner, { title: 'Short Lived' });
    expect((await headOf(`/product/${id}`)).status).toBe(200);
    expect((await headOf(`/product/${id.toUpperCase()}`)).status).toBe(200);
    // the router shows /Product/<id> as the product page: it is that page, canonical lower-case
    const upper = await headOf(`/Product/${id}`);
    expect(upper.status).toBe(200);
    expect(titleOf(upper.head)).toBe('Short Lived | Kagaz & Kalam');
    expect(canonicalOf(upper.head)).toBe(`https://${HOST}/product/${id}`);
    await saveProduct(t.app, owner, { title: 'Short Lived', published: false }, id);
    expect((await headOf(`/product/${id}`)).status).toBe(404);
  });
});

describe('pageHead: store pages', () => {
  it('home: the store name, and the store name plus its description', async () => {
    const { status, head } = await headOf('/');
    expect(status).toBe(200);
    expect(titleOf(head)).toBe('Kagaz & Kalam');
    expect(metaOf(head, 'description')).toMatch(
      /^Kagaz & Kalam - Diaries, notebooks, fountain pens/,
    );
    expect(canonicalOf(head)).toBe(`https://${HOST}/`);
    expect(metaOf(head, 'og:type')).toBe('website');
    expect(metaOf(head, 'og:image')).toBe(`https://${HOST}/images/logo.svg`);
    expect(metaOf(head, 'twitter:card')).toBe('summary');
  });

  it('a store without a description is never "Trending Fashion", nor a placeholder brand', async () => {
    const [{ description } = { description: '' }] = await t.db
      .select({ description: stores.description })
      .from(stores)
      .where(eq(stores.id, DEFAULT_STORE_ID));
    await t.db.update(stores).set({ description: '' }).where(eq(stores.id, DEFAULT_STORE_ID));
    t.app.reloadStores();
    try {
      const { head } = await headOf('/');
      expect(metaOf(head, 'description')).toBe(
        'Shop Kagaz & Kalam online for diaries, notebooks, paper, ink and stationery accessories, with prices in rupees and delivery across India.',
      );
      expect(head).not.toMatch(/Trending Fashion|Paper &amp; Quill/);
    } finally {
      await t.db.update(stores).set({ description }).where(eq(stores.id, DEFAULT_STORE_ID));
      t.app.reloadStores();
    }
  });

  it('listing: heading as title, canonical keeps category, parent and page; drops sort, filters and tracking', async () => {
    const { status, head } = await headOf(
      '/products?category=Diaries%20%26%20Notebooks&sort=price_asc&color=Red&utm_source=x&page=2&fbclid=1',
    );
    expect(status).toBe(200);
    expect(titleOf(head)).toBe('Diaries & Notebooks, page 2 | Kagaz & Kalam');
    expect(canonicalOf(head)).toBe(
      `https://${HOST}/products?category=diaries%20%26%20notebooks&page=2`,
    );
    expect(metaOf(head, 'description')).toBe(
      'Buy Diaries & Notebooks online at Kagaz & Kalam: prices in rupees, delivered across India. Page 2.',
    );
    // page 2 is indexed when the listing has one, as the API pages it
    const pages = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/products?category=Diaries%20%26%20Notebooks&limit=12',
      })
    ).json().pagination.totalPages as number;
    expect(metaOf(head, 'robots')).toBe(pages >= 2 ? undefined : 'noindex');

    const first = await headOf('/products?parentCategory=Journals&page=1&featured=true');
    expect(canonicalOf(first.head)).toBe(`https://${HOST}/products?parentCategory=Journals`);
    expect(titleOf((await headOf('/products')).head)).toBe('All Products | Kagaz & Kalam');
  });

  it("a category, parent category or page the store does not have is not indexed: the link writer's words are not a page", async () => {
    const indexed = async (url: string) => {
      const { status, head } = await headOf(url);
      expect(status, url).toBe(200);
      return metaOf(head, 'robots') !== 'noindex';
    };
    const id = await saveProduct(t.app, owner, {
      title: 'Noindex Probe Pen',
      category: 'Pens & Writing',
      parentCategory: 'Probe Parents',
    });
    const scam = await headOf('/products?parentCategory=Call%20%2B1-800-SCAM%20for%20refunds');
    expect(titleOf(scam.head)).toBe('Call +1-800-SCAM for refunds | Kagaz & Kalam');
    expect(metaOf(scam.head, 'robots')).toBe('noindex');
    expect(await indexed('/products?category=Cheap%20Pills%20Visit%20evil.example')).toBe(false);
    expect(await indexed('/products?page=999999')).toBe(false);
    expect(await indexed('/products?category=pens%20%26%20writing&page=999')).toBe(false);
    // a pair that exists apart but not together is no page either
    expect(
      await indexed('/products?category=diaries%20%26%20notebooks&parentCategory=Probe%20Parents'),
    ).toBe(false);

    // what the store has, in any letter case, as the API filters it
    expect(await indexed('/products')).toBe(true);
    expect(await indexed('/products?page=2')).toBe(true);
    expect(await indexed('/products?parentCategory=probe%20parents')).toBe(true);
    expect(
      await indexed('/products?category=PENS%20%26%20WRITING&parentCategory=Probe%20Parents'),
    ).toBe(true);
    // a home tile's category with no product yet is the store's own (empty) page
    const info = t.app.storeFor(request('/'));
    const tile = (await info)!.info.categories[0]!;
    expect(await indexed(`/products?category=${encodeURIComponent(tile)}`)).toBe(true);

    // the last page of a listing is the API's last page, and follows the catalogue
    const last = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=12' })).json()
      .pagination.totalPages as number;
    expect(await indexed(`/products?page=${last}`)).toBe(true);
    expect(await indexed(`/products?page=${last + 1}`)).toBe(false);
    expect(await indexed('/products?parentCategory=Probe%20Parents&page=2')).toBe(false);
    await saveProduct(t.app, owner, { title: 'Noindex Probe Pen', published: false }, id);
    expect(await indexed('/products?parentCategory=Probe%20Parents')).toBe(false);
  });

  it('search results are not indexed', async () => {
    const { head } = await headOf('/products?q=fountain%20pen&page=abc');
    expect(titleOf(head)).toBe('Results for “fountain pen” | Kagaz & Kalam');
    expect(metaOf(head, 'robots')).toBe('noindex');
    expect(canonicalOf(head)).toBe(`https://${HOST}/products?q=fountain%20pen`);
  });

  it('policies: the policy title plus the company name; an unknown slug is 404', async () => {
    const privacy = await headOf('/privacy');
    expect(privacy.status).toBe(200);
    expect(titleOf(privacy.head)).toBe('Privacy Policy | Kagaz & Kalam Stationers Pvt. Ltd.');
    expect(canonicalOf(privacy.head)).toBe(`https://${HOST}/privacy`);
    const upper = await headOf('/Privacy');
    expect(upper.status).toBe(200);
    expect(titleOf(upper.head)).toBe(titleOf(privacy.head));
    expect(canonicalOf(upper.head)).toBe(`https://${HOST}/privacy`);
    for (const url of ['/faq', '/404', '/products/extra', '/admin-ish']) {
      const { status, head } = await headOf(url);
      expect(status, url).toBe(404);
      expect(titleOf(head)).toBe('Page not found | Kagaz & Kalam');
      expect(metaOf(head, 'robots')).toBe('noindex');
    }
  });

  it('private and transactional pages say noindex; contact does not', async () => {
    for (const url of [
      '/cart',
      '/checkout',
      '/account',
      '/orders',
      '/payment?orderId=AB12',
      '/login',
      '/register',
      '/reset-password?token=x',
      '/order-success',
      '/track-order',
    ]) {
      const { status, head } = await headOf(url);
      expect(status, url).toBe(200);
      expect(metaOf(head, 'robots'), url).toBe('noindex');
      // a token or an order id in the address never goes into the canonical
      expect(canonicalOf(head), url).toBe(`https://${HOST}${url.split('?')[0]}`);
    }
    // React Router shows these pages in any letter case: same status, head and canonical
    for (const [url, path] of [
      ['/CART', '/cart'],
      ['/Account/', '/account'],
      ['/Reset-Password?token=x', '/reset-password'],
    ]) {
      const { status, head } = await headOf(url!);
      expect(status, url).toBe(200);
      expect(metaOf(head, 'robots'), url).toBe('noindex');
      expect(canonicalOf(head), url).toBe(`https://${HOST}${path}`);
    }
    const contact = await headOf('/contact/');
    expect(titleOf(contact.head)).toBe('Contact Us | Kagaz & Kalam');
    expect(metaOf(contact.head, 'robots')).toBeUndefined();
    expect(metaOf(contact.head, 'description')).toContain('call +91 98300 12345');
  });
});
