import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SITE_IMAGES_DIR, SiteImages } from './site-images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HASHED = /^\/images\/(.+)\.([0-9a-f]{8})\.svg$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
/** The file a hashed URL stands for, as shipped. */
const shippedFile = (url: string) =>
  readFileSync(join(SITE_IMAGES_DIR, `${HASHED.exec(url)![1]}.svg`));

describe('shipped art under hashed names', () => {
  it('the API hands out hashed names for product art, served immutable with the same bytes', async () => {
    const list = (await get('/api/v1/products?limit=3')).json() as {
      data: { id: string; imgUrl: string; images: { url: string }[] }[];
    };
    const product = list.data[0]!;
    expect(product.imgUrl).toMatch(HASHED);
    for (const image of product.images) expect(image.url).toMatch(HASHED);
    const one = (await get(`/api/v1/products/${product.id}`)).json() as { imgUrl: string };
    expect(one.imgUrl).toBe(product.imgUrl);

    const plain = await get(product.imgUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('image/svg+xml');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.rawPayload.equals(shippedFile(product.imgUrl))).toBe(true);
  });

  it('sends SVG as a brotli or gzip copy made once, decoding to the file', async () => {
    const { companyLogoUrl } = (await get('/api/v1/storeInfo')).json() as {
      companyLogoUrl: string;
    };
    expect(companyLogoUrl).toMatch(HASHED);
    const file = shippedFile(companyLogoUrl);
    const br = await get(companyLogoUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    const again = await get(companyLogoUrl, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await get(companyLogoUrl, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(file)).toBe(true);
  });

  it('store info names category art by hashed names too', async () => {
    const { categoryImages } = (await get('/api/v1/storeInfo')).json() as {
      categoryImages: Record<string, string>;
    };
    expect(Object.keys(categoryImages).length).toBeGreaterThan(1);
    for (const url of Object.values(categoryImages)) {
      expect(url).toMatch(HASHED);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('keeps the plain name working (old e-mails, stored URLs), for an hour', async () => {
    const res = await get('/images/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.rawPayload.equals(readFileSync(join(SITE_IMAGES_DIR, 'logo.svg')))).toBe(true);
    const revalidated = await get('/images/logo.svg', {
      'if-none-match': String(res.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it("answers an older hashed name with today's picture, not for good; unknown names 404", async () => {
    const stale = await get('/images/logo.00000000.svg');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/images/nope.svg', '/images/../package.json', '/images/products/']) {
      const res = await get(url, { accept: 'application/json' });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('SiteImages', () => {
  it('names a file by its bytes: new bytes, new name; other URLs are left as they are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-images-'));
    mkdirSync(join(dir, 'products'));
    writeFileSync(join(dir, 'products', 'pen.svg'), '<svg>blue</svg>');
    const before = new SiteImages(dir).publicUrl('/images/products/pen.svg');
    expect(before).toMatch(/^\/images\/products\/pen\.[0-9a-f]{8}\.svg$/);
    writeFileSync(join(dir, 'products', 'pen.svg'), '<svg>red</svg>');
    const after = new SiteImages(dir);
    expect(after.publicUrl('/images/products/pen.svg')).not.toBe(before);
    expect(after.find(before)).toMatchObject({ immutable: false });
    for (const url of [
      '/media/abc/640.webp',
      'https://cdn.example/x.svg',
      '/images/gone.svg',
      '',
    ]) {
      expect(after.publicUrl(url)).toBe(url);
    }
  });
});
