import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@store/contracts/admin/import';
import { IMAGE_URL_MESSAGE } from '@store/contracts/image-url';
import { productForm } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every way the back office stores an image address (a product's images, a CSV import, a
 * category's picture, the store's logo and category pictures) takes only an http(s) URL or a path
 * on this site: `javascript:alert(4)` was accepted and put into the pages' <img src> and JSON-LD.
 */
let t: TestApp;
let owner: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const hostile = [
  'javascript:alert(4)',
  ' JavaScript:alert(4)',
  'data:image/svg+xml,<svg onload=alert(4)>',
  'vbscript:msgbox(4)',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  'images/relative.png',
  'https://',
];

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: owner.headers, payload });

describe('an image address', () => {
  it('a product form with a script or another-site address as an image is refused, field by field', async () => {
    for (const url of hostile) {
      const res = await send('POST', '/admin/products', productForm({ images: [{ url }] }));
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().fields), url).toContain(IMAGE_URL_MESSAGE);
    }
    for (const url of [
      'https://cdn.example.in/p/1.webp',
      'http://cdn.example.in/p/1.png',
      '/images/products/a.svg',
      '/media/abc/640.webp',
    ]) {
      const res = await send('POST', '/admin/products', productForm({ images: [{ url }] }));
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    }
  });

  it('a CSV row with a script address is an error of its image_urls column, and nothing is written', async () => {
    const csv =
      'slug,title,description,category,regular_price,stock,published,image_urls\n' +
      'script-pen,Script Pen,Plain.,Accessories,100,5,true,/images/products/a.svg|javascript:alert(4)\n';
    const res = await send('POST', '/admin/products/import?dryRun=false', { csv });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result.rows[0])).toContain(IMAGE_URL_MESSAGE);
  });

  it("a category's picture, the store's logo and its category pictures take no script address", async () => {
    const category = await send('POST', '/admin/categories', {
      name: 'Script Category',
      imageUrl: 'javascript:alert(4)',
      parentCategories: [],
    });
    expect(category.statusCode, category.body).toBe(400);
    expect(category.json().fields.imageUrl).toBe(IMAGE_URL_MESSAGE);

    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
    });
    expect(settings.statusCode).toBe(200);
    const current = (settings.json() as { settings: Record<string, unknown> }).settings;
    const logo = await send('PUT', '/admin/settings', {
      ...current,
      companyLogoUrl: 'javascript:alert(4)',
    });
    expect(logo.statusCode, logo.body).toBe(400);
    expect(logo.json().fields.companyLogoUrl).toBe(IMAGE_URL_MESSAGE);
    const pictures = await send('PUT', '/admin/settings', {
      ...current,
      categoryImages: { default: 'javascript:alert(4)' },
    });
    expect(pictures.statusCode, pictures.body).toBe(400);
    // the store as it was, and an empty logo (no logo) still saves
    const plain = await send('PUT', '/admin/settings', { ...current, companyLogoUrl: '' });
    expect(plain.statusCode, plain.body).toBe(200);
  });
});
