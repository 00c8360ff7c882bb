// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productFixture, storeInfoFixture } from '@/test/fixtures';
import type * as EntryServer from './entry-server';

/**
 * The server renderer as the store server calls it, with its API calls answered here (the store
 * server answers them in process: apps/server plugins/web-render.ts). No DOM, as on the server.
 *
 * It is the built renderer (dist-ssr, which `npm run test:unit` builds when stale): what the store
 * server loads, with every dependency bundled into it.
 */
const bundle = fileURLToPath(new URL('../dist-ssr/entry-server.js', import.meta.url));
const built = existsSync(bundle);
const { render, rendersOnServer } = built
  ? ((await import(/* @vite-ignore */ bundle)) as typeof EntryServer)
  : ({} as typeof EntryServer);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(answers: Record<string, () => Response>) {
  const calls: string[] = [];
  const api = async (url: string) => {
    const { pathname } = new URL(url);
    const path = pathname.replace('/api/v1', '');
    calls.push(path);
    return answers[path]?.() ?? json({ error: 'Not found' }, 404);
  };
  return { api, calls };
}

const keepHtml = (html: string) => html;
const dataOf = (data: string) =>
  JSON.parse(data) as { storeInfo?: { storeName: string }; queries: { queries: unknown[] } };

describe.skipIf(!built)('server rendering', () => {
  it('renders a product page with its content and hands the browser the data it was made from', async () => {
    const product = productFixture({ title: 'Leather Journal', regularPrice: 1299 });
    const { api } = fakeApi({
      '/storeInfo': () => json(storeInfoFixture),
      [`/products/${product.id}`]: () => json(product),
    });
    const page = await render({
      url: `/product/${product.id}`,
      api,
      sanitizePolicyHtml: keepHtml,
    });

    expect(page.html).toContain('<h1');
    expect(page.html).toContain('Leather Journal');
    expect(page.html).toContain('1,299');
    expect(page.html).toContain('Paper Trail');
    // no inline script: the CSP allows scripts from the store's own files only
    expect(page.html).not.toContain('<script');
    const data = dataOf(page.data);
    expect(data.storeInfo?.storeName).toBe('Paper Trail');
    expect(JSON.stringify(data.queries)).toContain('Leather Journal');
  });

  it('keeps a product title from closing the data block', async () => {
    const product = productFixture({ title: '</script><script>alert(1)</script>' });
    const { api } = fakeApi({
      '/storeInfo': () => json(storeInfoFixture),
      [`/products/${product.id}`]: () => json(product),
    });
    const page = await render({ url: `/product/${product.id}`, api, sanitizePolicyHtml: keepHtml });

    expect(page.data).not.toContain('</script');
    expect(page.html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(dataOf(page.data))).toContain('</script><script>alert(1)</script>');
  });

  it('renders a failed query as loading and leaves it out of the data, so the browser asks again', async () => {
    const { api, calls } = fakeApi({
      '/storeInfo': () => json(storeInfoFixture),
      '/products': () => json({ error: 'Something went wrong' }, 500),
    });
    const page = await render({ url: '/products', api, sanitizePolicyHtml: keepHtml });

    // asked once: the page's data is fetched before its one render pass
    expect(calls.filter((call) => call === '/products')).toHaveLength(1);
    expect(page.html).toContain('All Products');
    // the browser's first render is the loading state too (its query has not run yet), so the two
    // agree; the error, if it persists, shows once the browser's own request fails
    expect(page.html).not.toContain('Failed to load products');
    expect(JSON.stringify(dataOf(page.data).queries)).not.toContain('"list"');
  });

  it('renders without store information when it fails to load', async () => {
    const { api } = fakeApi({});
    const page = await render({ url: '/contact', api, sanitizePolicyHtml: keepHtml });

    expect(page.html).toContain('Contact Us');
    expect(dataOf(page.data).storeInfo).toBeUndefined();
  });

  it("shows a policy's text through the sanitiser it is given", async () => {
    const { api } = fakeApi({
      '/storeInfo': () =>
        json({
          ...storeInfoFixture,
          policies: { terms: '<p>Our own terms</p><img src=x onerror=alert(1)>' },
        }),
    });
    const page = await render({
      url: '/terms',
      api,
      sanitizePolicyHtml: (html) => html.replace(/<img[^>]*>/g, ''),
    });

    expect(page.html).toContain('Our own terms');
    expect(page.html).not.toContain('onerror');
  });

  it('renders the public pages and leaves the private ones to the browser', () => {
    for (const path of [
      '/',
      '/products',
      '/product/abc',
      '/terms',
      '/contact',
      '/404',
      '/no-such-page',
    ])
      expect(rendersOnServer(path), path).toBe(true);
    for (const path of [
      '/cart',
      '/checkout',
      '/login',
      '/account/',
      '/orders',
      '/payment',
      '/wishlist',
    ])
      expect(rendersOnServer(path), path).toBe(false);
  });
});
