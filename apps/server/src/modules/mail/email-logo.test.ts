import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema';
import { memoryMediaStorage } from '../../lib/media-storage';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { serverRoot } from '../../env';
import { createTestApp, placeTestOrder, registerAndLogin, type TestApp } from '../../test/test-app';
import { memoryTransport } from './mail-transport';
import { renderOutboxEmail } from './render-email';

const BASE = 'https://shop.example.in';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DEMO_LOGO = '/images/logo.svg';

describe('GET /email/logo.png', () => {
  let t: TestApp;
  let web: string;
  const media = memoryMediaStorage();

  const setLogo = async (url: string) => {
    await t.db.update(stores).set({ companyLogoUrl: url }).where(eq(stores.id, DEFAULT_STORE_ID));
    t.app.reloadStores();
  };
  const getLogo = () => t.app.inject({ method: 'GET', url: '/email/logo.png' });
  const expectPng = async (res: Awaited<ReturnType<typeof getLogo>>) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeLessThanOrEqual(96);
    expect(meta.height).toBeLessThanOrEqual(96);
    return meta;
  };

  beforeAll(async () => {
    // a built web app: its index.html, and a logo only it holds
    web = mkdtempSync(join(tmpdir(), 'email-logo-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>shop</title>');
    mkdirSync(join(web, 'brand'));
    writeFileSync(
      join(web, 'brand', 'wide.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#7a2e2e"/></svg>',
    );
    t = await createTestApp({
      webDistDir: web,
      mediaStorage: media,
      mail: { transport: memoryTransport(), baseUrl: BASE },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });
  afterEach(() => setLogo(DEMO_LOGO));

  it("draws the demo store's SVG logo as a 96×96 PNG", async () => {
    const meta = await expectPng(await getLogo());
    expect([meta.width, meta.height]).toEqual([96, 96]);
    expect(meta.hasAlpha).toBe(true);
  });

  it("reads a logo from the built web app's folder, keeping its shape", async () => {
    await setLogo('/brand/wide.svg');
    const meta = await expectPng(await getLogo());
    expect([meta.width, meta.height]).toEqual([96, 48]);
  });

  it('reads an uploaded logo from the media storage', async () => {
    const webp = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#2f5d50' },
    })
      .webp()
      .toBuffer();
    await media.put('logoLogoLogoLogo01/320.webp', webp, 'image/webp');
    await setLogo('/media/logoLogoLogoLogo01/320.webp');
    const meta = await expectPng(await getLogo());
    expect([meta.width, meta.height]).toEqual([96, 64]);
  });

  it('answers 404 JSON for no logo, a missing or unreadable file, or another site', async () => {
    writeFileSync(join(web, 'brand', 'broken.png'), 'not a picture');
    for (const url of [
      '',
      '/images/missing.svg',
      '/brand/broken.png',
      '/media/aaaaaaaaaaaaaaaaaaaa/640.webp',
      // never fetched, whatever it is
      'https://cdn.example.com/logo.png',
      '//cdn.example.com/logo.png',
      // nothing outside the site's folders
      '/..%2F..%2Fpackage.json',
      '/images/..%2F..%2Fpackage.json',
    ]) {
      await setLogo(url);
      const res = await getLogo();
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found', code: 'not_found' });
    }
    // the server's package.json really is where a traversal would have led
    expect(readFileSync(join(serverRoot, 'package.json'), 'utf8')).toContain('"name"');
  });
});

describe('the logo in e-mails', () => {
  let t: TestApp;
  let orderId: string;

  const orderHtml = async (logo: string) => {
    await t.db.update(stores).set({ companyLogoUrl: logo }).where(eq(stores.id, DEFAULT_STORE_ID));
    const { html } = await renderOutboxEmail(
      t.db,
      { kind: 'order_placed', storeId: DEFAULT_STORE_ID, data: { orderId } },
      { baseUrl: BASE },
    );
    return html;
  };
  const images = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);

  beforeAll(async () => {
    t = await createTestApp();
    const shopper = await registerAndLogin(t.app);
    orderId = (await placeTestOrder(t.app, shopper.token, 1)).id;
  });
  afterAll(() => t.close());

  it("names the PNG for this site's logo, never the SVG", async () => {
    for (const logo of [DEMO_LOGO, `${BASE}/images/logo.svg`]) {
      const html = await orderHtml(logo);
      expect(images(html)).toEqual([`${BASE}/email/logo.png`]);
      const img = /<img [^>]*>/.exec(html)![0];
      for (const attribute of ['alt="Kagaz &amp; Kalam"', 'width="48"', 'height="48"'])
        expect(img).toContain(attribute);
      expect(html).not.toContain('.svg');
    }
  });

  it("uses another site's logo as it is unless it is an SVG, and none without a logo", async () => {
    expect(images(await orderHtml('https://cdn.example.com/logo.png'))).toEqual([
      'https://cdn.example.com/logo.png',
    ]);
    const svg = await orderHtml('https://cdn.example.com/logo.SVG');
    expect(images(svg)).toEqual([]);
    expect(svg).toContain('Kagaz &amp; Kalam');
    expect(images(await orderHtml(''))).toEqual([]);
  });
});
