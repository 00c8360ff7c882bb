/**
 * Rendered public pages kept and forgotten (issue 25 item 4), and a page sent while it renders.
 * A stand-in server renderer (the built one's contract: `render({url, api}) => {html, data,
 * modules}`) counts its renders and can be held or made to fail; it reads the store and the
 * product through the in-process API as the real one does, so what the page shows follows the
 * catalogue. The real renderer runs with the cache in web-render.review.test.ts.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../env';
import { postgresCatalogueBus, type CatalogueBus } from '../lib/catalogue-bus';
import { saveProduct } from '../test/products';
import { listenOnPort } from '../test/shoppers';
import { signInStaff, type SignedInStaff } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';

interface RenderState {
  renders: number;
  /** while set, renders wait for it */
  gate: Promise<void> | null;
  fail: boolean;
}
const state: RenderState = { renders: 0, gate: null, fail: false };
(globalThis as { __pageCacheTest?: RenderState }).__pageCacheTest = state;

const RENDERER = `
const state = globalThis.__pageCacheTest;
export const rendersOnServer = (pathname) => pathname !== '/cart';
export async function render({ url, api }) {
  state.renders++;
  const product = /^\\/product\\/([^/?]+)/.exec(url);
  const res = await api(
    'http://localhost/api/v1/' + (product ? 'products/' + product[1] : 'storeInfo'),
    { headers: { accept: 'application/json' } },
  );
  const body = await res.json();
  if (state.gate) await state.gate;
  if (state.fail) throw new Error('the render broke');
  const shown = product
    ? 'price ' + body.regularPrice + ' ' + body.availability.status
    : 'store ' + body.storeName;
  return { html: '<main>' + shown + ' at ' + url + '</main>', data: JSON.stringify({ url }), modules: [] };
}
`;

/** A web build with the stand-in renderer beside it (dist-ssr/entry-server.js). */
function storefrontWithRenderer(): string {
  const root = mkdtempSync(join(tmpdir(), 'page-cache-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><!--app-head--><title>Store</title><!--/app-head-->' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  return dist;
}

const CACHE_CAP = 8;
let busy = false;
let t: TestApp;
let staff: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp({
    webDistDir: storefrontWithRenderer(),
    shedPageRendersWhenBusy: () => busy,
    pageCacheMaxEntries: CACHE_CAP,
  });
  staff = await signInStaff(t.app, t.db, 'owner');
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => {
  // every test starts from nothing kept, as after a catalogue change
  t.app.catalogueChanged();
  Object.assign(state, { renders: 0, gate: null, fail: false });
  busy = false;
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** A gate renders wait at, and its opener. */
function holdRenders(): () => void {
  let open!: () => void;
  state.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    state.gate = null;
    open();
  };
}

describe('rendered pages are kept', () => {
  it('renders a page once for two requests; the second goes out in one piece, compressed', async () => {
    const first = await page('/products?page=2', { 'accept-encoding': 'gzip' });
    const second = await page('/products?page=2', { 'accept-encoding': 'gzip' });
    expect(state.renders).toBe(1);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers.vary).toBe('Cookie, Host, X-Store-Domain, accept-encoding');
      const html = gunzipSync(res.rawPayload).toString();
      expect(html).toContain('<div id="root"><main>store Kagaz & Kalam at /products?page=2');
      expect(html).toContain('<script type="application/json" id="ssr-data">');
      expect(html).toMatch(/<title>[^<]*All Products/);
    }
    // the kept copy has its length: one piece, not a stream
    expect(second.headers['content-length']).toBe(String(second.rawPayload.length));
    // another page, another store (Host) or another query is another render
    await page('/products?page=3');
    await page('/products?page=2', { host: 'other.example' });
    expect(state.renders).toBe(3);
  });

  it('concurrent first requests for a page render it once, and all get it', async () => {
    const open = holdRenders();
    const answers = Promise.all(Array.from({ length: 5 }, () => page('/contact')));
    await new Promise((r) => setTimeout(r, 100));
    open();
    for (const res of await answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<main>store Kagaz & Kalam at /contact</main>');
    }
    expect(state.renders).toBe(1);
  });

  it("a product's price and stock changed through the back office show on the next page request", async () => {
    const id = await saveProduct(t.app, staff, {
      title: 'Cached Pen',
      regularPrice: 120,
      stock: 50,
    });
    expect((await page(`/product/${id}`)).body).toContain('price 120 in_stock');
    expect((await page(`/product/${id}`)).body).toContain('price 120 in_stock');
    expect(state.renders).toBe(1);
    await saveProduct(t.app, staff, { title: 'Cached Pen', regularPrice: 135, stock: 0 }, id);
    expect((await page(`/product/${id}`)).body).toContain('price 135 sold_out');
    expect(state.renders).toBe(2);
  });

  it("a signed-in visitor's request gets the visitor's mark, and never passes it to anyone else", async () => {
    const signedIn = { cookie: 'auth_token=abc.def.ghi; theme=dark' };
    const first = await page('/', signedIn);
    expect(first.body).toContain('<html data-signed-in lang="en-IN">');
    const visitor = await page('/', { 'accept-encoding': 'br' });
    expect(visitor.headers['content-encoding']).toBe('br');
    const again = await page('/', signedIn);
    expect(again.body).toContain('<html data-signed-in lang="en-IN">');
    expect(state.renders).toBe(1);
    const visitorHtml = brotliDecompressSync(visitor.rawPayload).toString();
    expect(visitorHtml).toContain('<html lang="en-IN">');
    expect(visitorHtml).not.toContain('data-signed-in');
  });

  it('keeps no page for unknown query parameters, and no more pages than its cap', async () => {
    for (let i = 0; i < 12; i++) await page(`/products?utm_source=mail${i}`);
    expect(state.renders).toBe(12);
    expect(t.app.renderedPages!.size).toBe(0);
    // a URL with an unknown parameter is rendered every time (its links repeat the parameter)
    await page('/products?utm_source=mail0');
    expect(state.renders).toBe(13);
    for (let i = 0; i < CACHE_CAP * 3; i++) await page(`/products?q=pen${i}`);
    expect(t.app.renderedPages!.size).toBeLessThanOrEqual(CACHE_CAP);
    // the most recent ones are kept
    await page(`/products?q=pen${CACHE_CAP * 3 - 1}`);
    expect(state.renders).toBe(13 + CACHE_CAP * 3);
  });

  it('keeps no failed render, and no page not found', async () => {
    state.fail = true;
    const failed = await page('/contact');
    expect(failed.statusCode).toBe(200);
    // the page goes out client-rendered: the browser's app renders it
    expect(failed.body).toContain('<div id="root"></div><noscript>');
    state.fail = false;
    expect((await page('/contact')).body).toContain('<main>store');
    expect((await page('/contact')).body).toContain('<main>store');
    expect(state.renders).toBe(2);
    const missing = '/product/00000000-0000-4000-8000-000000000000';
    expect((await page(missing)).statusCode).toBe(404);
    expect((await page(missing)).statusCode).toBe(404);
    expect(t.app.renderedPages!.size).toBe(1);
  });

  it('a busy server answers kept pages, renders one page to keep at a time, and sheds the rest', async () => {
    await page('/contact');
    busy = true;
    const kept = await page('/contact');
    expect(kept.body).toContain('<main>store Kagaz & Kalam at /contact</main>');
    expect(state.renders).toBe(1);
    // a page not kept yet is rendered (then kept) even while busy, one at a time
    const open = holdRenders();
    const listing = page('/products');
    await until(() => state.renders === 2);
    const meanwhile = await page('/products?page=2');
    expect(meanwhile.body).toContain('<div id="root"></div><noscript>');
    // a page that is never kept is not rendered while busy
    const oneOff = await page('/contact?utm_source=mail');
    expect(oneOff.body).toContain('<div id="root"></div><noscript>');
    open();
    expect((await listing).body).toContain('<main>store Kagaz & Kalam at /products</main>');
    expect((await page('/products')).body).toContain(
      '<main>store Kagaz & Kalam at /products</main>',
    );
    expect(state.renders).toBe(2);
    // the shed answer was not kept: its next request renders it
    expect((await page('/products?page=2')).body).toContain('<main>store');
    expect(state.renders).toBe(3);
  });

  it('a kept page past its TTL is answered at once while one request renders it again', async () => {
    await page('/contact');
    expect(state.renders).toBe(1);
    // kept once its compressed copies are made, a moment after the first answer ended
    await t.app.renderedPages!.idle();
    const realNow = Date.now;
    const later = realNow() + 31_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const open = holdRenders();
      // the first request past the TTL starts the render and is answered the kept page
      const first = await page('/contact');
      expect(first.body).toContain('<main>store Kagaz & Kalam at /contact</main>');
      await until(() => state.renders === 2);
      const meanwhile = await Promise.all([page('/contact'), page('/contact')]);
      for (const res of meanwhile) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<main>store Kagaz & Kalam at /contact</main>');
      }
      expect(state.renders).toBe(2);
      open();
      await t.app.renderedPages!.idle();
      await page('/contact');
      expect(state.renders).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('a catalogue change is not answered with the page kept before it', async () => {
    await page('/contact');
    t.app.catalogueChanged();
    const open = holdRenders();
    const next = page('/contact');
    await until(() => state.renders === 2);
    let answered = false;
    void next.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    // it waits for the new render rather than getting the forgotten page
    expect(answered).toBe(false);
    open();
    expect((await next).statusCode).toBe(200);
  });
});

/** Reads a streamed answer chunk by chunk (decompressed), over a real socket. */
function streamed(base: string, path: string, encoding: 'br' | 'gzip' | 'identity') {
  const text: string[] = [];
  let res!: IncomingMessage;
  const ended = new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { headers: { accept: 'text/html', 'accept-encoding': encoding } },
      (r) => {
        res = r;
        const body =
          encoding === 'br'
            ? r.pipe(createBrotliDecompress())
            : encoding === 'gzip'
              ? r.pipe(createGunzip())
              : r;
        body.on('data', (chunk: Buffer) => text.push(chunk.toString()));
        body.on('end', resolve);
        body.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  return { text: () => text.join(''), response: () => res, ended };
}

async function until(check: () => boolean, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('not seen in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a page sent while it renders', () => {
  let base: string;
  beforeAll(async () => {
    base = await listenOnPort(t.app);
  });

  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    it(`sends the document's beginning before the render ends (${encoding})`, async () => {
      const open = holdRenders();
      const answer = streamed(base, '/products?sort=newest', encoding);
      await until(() => answer.text().includes('<div id="root">'));
      const res = answer.response();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers.vary).toBe('Cookie, Host, X-Store-Domain, accept-encoding');
      // the page's head is there, the render is not
      expect(answer.text()).toMatch(/<title>[^<]*All Products/);
      expect(answer.text().endsWith('<div id="root">')).toBe(true);
      open();
      await answer.ended;
      expect(answer.text()).toContain('<div id="root"><main>store');
      expect(answer.text()).toContain('id="ssr-data"');
      expect(answer.text().endsWith('</body></html>')).toBe(true);
    });
  }

  /** One answer over the socket: status, headers and the body as sent. */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) => {
        httpRequest(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      },
    );

  it('a kept page answered before Fastify is the same answer, and never to whom it does not fit', async () => {
    const browser = { accept: 'text/html', 'accept-encoding': 'br' };
    await raw('/products?page=4', browser); // rendered
    await t.app.renderedPages!.settled(); // its compressed copies made
    const viaFastify = await raw('/products?page=4', browser); // kept, and now known to the front
    const viaFront = await raw('/products?page=4', browser);
    expect(state.renders).toBe(1);
    const comparable = (h: IncomingMessage['headers']) => {
      const { date: _d, 'x-request-id': _r, connection: _c, 'keep-alive': _k, ...rest } = h;
      return rest;
    };
    expect(viaFront.status).toBe(200);
    expect(comparable(viaFront.headers)).toEqual(comparable(viaFastify.headers));
    expect(viaFront.body.equals(viaFastify.body)).toBe(true);
    expect(brotliDecompressSync(viaFront.body).toString()).toContain('<main>store');
    // a signed-in visitor still gets the mark, a JSON-only client its 404
    const signedIn = await raw('/products?page=4', { ...browser, cookie: 'auth_token=x' });
    expect(brotliDecompressSync(signedIn.body).toString()).toContain('<html data-signed-in');
    const json = await raw('/products?page=4', { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(json.headers['content-type']).toContain('application/json');
    // and once the catalogue changes, the front has nothing to answer with
    t.app.catalogueChanged();
    await raw('/products?page=4', browser);
    expect(state.renders).toBe(2);
  });

  it('a render that fails after the beginning went out ends the page client-rendered', async () => {
    const open = holdRenders();
    state.fail = true;
    const answer = streamed(base, '/contact', 'br');
    await until(() => answer.text().includes('<div id="root">'));
    open();
    await answer.ended;
    expect(answer.text()).toContain('<div id="root"></div><noscript>');
    expect(answer.text()).not.toContain('id="ssr-data"');
    expect(answer.text().endsWith('</body></html>')).toBe(true);
    expect(t.app.renderedPages!.size).toBe(0);
  });
});

describe.skipIf(!env.TEST_DATABASE_URL)('kept pages across two processes on PostgreSQL', () => {
  let writer: TestApp;
  let shop: TestApp;
  const buses: CatalogueBus[] = [];
  beforeAll(async () => {
    const bus = async () => {
      const made = await postgresCatalogueBus({ connectionString: t.databaseUrl! });
      buses.push(made);
      return made;
    };
    writer = await createTestApp(
      { catalogueBus: await bus(), webDistDir: storefrontWithRenderer() },
      { sameDatabaseAs: t },
    );
    shop = await createTestApp(
      { catalogueBus: await bus(), webDistDir: storefrontWithRenderer() },
      { sameDatabaseAs: t },
    );
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await writer?.close();
    await Promise.all(buses.map((b) => b.close()));
  });

  it("a price changed through one process shows on the other's next page within a second", async () => {
    const id = await saveProduct(t.app, staff, { title: 'Shared Pen', regularPrice: 80 });
    const shopPage = async () =>
      (await shop.app.inject({ url: `/product/${id}`, headers: { accept: 'text/html' } })).body;
    expect(await shopPage()).toContain('price 80');
    const writerStaff = await signInStaff(writer.app, writer.db, 'owner');
    await saveProduct(writer.app, writerStaff, { title: 'Shared Pen', regularPrice: 95 }, id);
    const changed = performance.now();
    while (!(await shopPage()).includes('price 95')) {
      expect(performance.now() - changed).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 30_000);
});
