import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products${query}` });
  return {
    res,
    body: res.json() as {
      data: Record<string, unknown>[] & { category: string }[];
      pagination: { total: number; totalPages: number; page: number; limit: number };
    },
  };
};
type Attr = { key: string; value: string[] };
const attr = (p: { attributes: Attr[] }, re: RegExp) => p.attributes.find((a) => re.test(a.key));

describe('GET /products', () => {
  it('pages 12 at a time, newest first, with totals', async () => {
    const { res, body } = await list('');
    expect(res.statusCode).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.pagination).toMatchObject({ page: 1, limit: 12 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(60);
    const dates = body.data.map((p) => Date.parse(String(p.createdAt)));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const page2 = await list('?page=2&limit=12');
    expect(page2.body.data[0]!.id).not.toBe(body.data[0]!.id);
  });

  it('seeds a catalogue that covers every client rule', async () => {
    const { body } = await list('?limit=100');
    const all = body.data as unknown as {
      attributes: Attr[];
      images: unknown[];
      discountedPrice: number | null;
      category: string;
      parentCategory: string | null;
    }[];
    expect(new Set(all.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    expect(all.every((p) => p.images.length >= 2 && p.parentCategory)).toBe(true);
    const sizes = all.map((p) => attr(p, /^sizes?$/i)?.value);
    expect(sizes.some((s) => s?.length === 1 && s[0] === 'One Size')).toBe(true);
    expect(sizes.some((s) => s && ['A4', 'A5', 'B5'].every((x) => s.includes(x)))).toBe(true);
    expect(sizes.some((s) => !s)).toBe(true);
    expect(all.some((p) => attr(p, /^colou?rs?$/i)?.value.length === 1)).toBe(true);
    expect(
      all.some((p) => p.discountedPrice !== null) && all.some((p) => p.discountedPrice === null),
    ).toBe(true);
  });

  it('filters featured products (attribute featured = true) across categories', async () => {
    const { body } = await list('?featured=true&limit=100');
    expect(body.data.length).toBeGreaterThanOrEqual(8);
    expect(new Set(body.data.map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    for (const p of body.data as unknown as { attributes: Attr[] }[])
      expect(attr(p, /^featured$/i)?.value).toContain('true');
  });

  it('filters by category case-insensitively, by parent category and by the comma filter list', async () => {
    const cat = await list('?category=ink&limit=100');
    expect(cat.body.data.length).toBeGreaterThan(0);
    expect(cat.body.data.every((p) => p.category === 'Ink')).toBe(true);
    const parent = await list('?parentCategory=writing%20instruments&limit=100');
    expect(new Set(parent.body.data.map((p) => p.category))).toEqual(
      new Set(['Ink', 'Pens & Writing']),
    );
    const filtered = await list(
      '?category=accessories&filter=Accessories,Personal%20Care,Home,null,Unisex',
    );
    expect(filtered.body.pagination.total).toBeGreaterThan(0);
    expect(filtered.body.data.every((p) => p.category === 'Accessories')).toBe(true);
    const men = await list('?category=men&gender=Men');
    expect(men.res.statusCode).toBe(200);
    expect(men.body).toMatchObject({ data: [], pagination: { total: 0, totalPages: 0 } });
  });

  it('treats blank filters as absent', async () => {
    const { res, body } = await list('?category=&page=&limit=');
    expect(res.statusCode).toBe(200);
    expect(body.data).toHaveLength(12);
  });

  it.each(['?page=0', '?limit=101', '?limit=abc', '?featured=maybe'])(
    'answers 400 for %s',
    async (q) => {
      const { res, body } = await list(q);
      expect(res.statusCode).toBe(400);
      expect(typeof (body as unknown as { error: string }).error).toBe('string');
    },
  );

  it('serves from cache with an ETag and answers 304 to If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/products?page=1&limit=12' });
    const etag = String(first.headers.etag);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?limit=12&page=1',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    t.app.catalogueChanged();
    const third = await t.app.inject({ method: 'GET', url: '/api/v1/products?page=1&limit=12' });
    expect(third.body).toBe(first.body);
  });

  it('compresses large responses for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?limit=50',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the compressed copy the client prefers, the same JSON as the plain answer', async () => {
    const url = '/api/v1/products?page=2&limit=30';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    await t.app.catalogueCache.settled();
    const cases = [
      ['gzip, deflate, br', 'br'],
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['identity', undefined],
      // not kept compressed: @fastify/compress deflates it on the way out
      ['deflate', 'deflate'],
    ] as const;
    for (const [accept, expected] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['etag'], accept).toBe(plain.headers['etag']);
      const raw = res.rawPayload;
      const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
      const text = (expected ? decode[expected](raw) : raw).toString();
      expect(text, accept).toBe(plain.body);
      if (expected) expect(raw.length, accept).toBeLessThan(plain.body.length / 3);
    }
  });
});

describe('GET /products/{id}', () => {
  it('answers one product with images and attributes (id, key, value, metricUnit)', async () => {
    const { body } = await list('?limit=1');
    const id = String(body.data[0]!.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, images: expect.any(Array) });
    expect(res.json().attributes[0]).toHaveProperty('metricUnit');
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1';drop"])(
    'answers 404 (or 400) for %s',
    async (id) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/${encodeURIComponent(id)}`,
      });
      expect([400, 404]).toContain(res.statusCode);
      expect(typeof res.json().error).toBe('string');
    },
  );
});
