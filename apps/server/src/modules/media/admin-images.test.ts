import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, images, productImages, products } from '../../db/schema';
import { localMediaStorage } from '../../lib/media-storage';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { MAX_INPUT_PIXELS } from './images.service';
import { testPicture, upload } from './test-images';

let t: TestApp;
let clerk: SignedInStaff;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-test-'));
  t = await createTestApp({ mediaStorage: localMediaStorage(dir) });
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const ALL = ['320', '640', '960', '1280'];

describe('POST /admin/images', () => {
  it.each([
    ['JPEG', 'image/jpeg', () => testPicture(1600, 1000).jpeg().toBuffer()],
    ['PNG', 'image/png', () => testPicture(1400, 900).png().toBuffer()],
    ['WebP', 'image/webp', () => testPicture(1300, 800).webp().toBuffer()],
  ])('turns a %s into WebP and AVIF renditions in every width', async (_name, type, make) => {
    const bytes = await make();
    // sent as octet-stream: the type is read from the bytes, not from the header
    const res = await upload(t, bytes, clerk.headers, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const id = body.imageId as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.url).toBe(`/media/${id}/1280.webp`);
    expect(body.srcset.webp).toBe(ALL.map((w) => `/media/${id}/${w}.webp ${w}w`).join(', '));
    expect(body.srcset.avif).toBe(ALL.map((w) => `/media/${id}/${w}.avif ${w}w`).join(', '));
    for (const w of ALL) {
      const webp = await sharp(readFileSync(join(dir, id, `${w}.webp`))).metadata();
      expect([webp.format, webp.width]).toEqual(['webp', Number(w)]);
      const avif = await sharp(readFileSync(join(dir, id, `${w}.avif`))).metadata();
      expect([avif.format, avif.compression, avif.width]).toEqual(['heif', 'av1', Number(w)]);
    }
    const [row] = await t.db.select().from(images).where(eq(images.id, id));
    expect(row).toMatchObject({
      sourceType: type,
      widths: [320, 640, 960, 1280],
      bytes: bytes.length,
    });
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, id), eq(activityLog.action, 'image.upload')));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ staffId: clerk.id, entityType: 'image' });
  });

  it('turns a photo upright by its EXIF orientation and keeps no metadata', async () => {
    // stored 600×400 with "rotate 90° clockwise" (6): upright it is 400×600
    const bytes = await testPicture(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const res = await upload(t, bytes, clerk.headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 400, height: 600 });
    const meta = await sharp(readFileSync(join(dir, res.json().imageId, '320.webp'))).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      320,
      480,
      undefined,
      undefined,
    ]);
    expect(existsSync(join(dir, res.json().imageId, '640.webp'))).toBe(false);
  });

  it('keeps a small image at its own width', async () => {
    const res = await upload(t, await testPicture(200, 150).png().toBuffer(), clerk.headers);
    expect(res.statusCode).toBe(201);
    const id = res.json().imageId;
    expect(res.json().srcset.avif).toBe(`/media/${id}/200.avif 200w`);
    expect(existsSync(join(dir, id, '200.avif'))).toBe(true);
  });

  it.each([
    ['a text file named .jpg', () => Buffer.from('not a picture at all, just text\n'.repeat(20))],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
    ],
    ['a GIF', () => testPicture(50, 50).gif().toBuffer()],
    ['an empty body', () => Buffer.alloc(0)],
  ])('refuses %s by its content', async (_name, make) => {
    const before = await t.db.$count(images);
    const res = await upload(t, await make(), clerk.headers, 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Upload a JPEG, PNG or WebP image', code: 'bad_request' });
    expect(await t.db.$count(images)).toBe(before);
  });

  it('refuses a truncated JPEG as damaged and stores nothing', async () => {
    const whole = await testPicture(800, 600).jpeg().toBuffer();
    const files = () => readdirCount(dir);
    const before = files();
    const res = await upload(t, whole.subarray(0, Math.floor(whole.length / 2)), clerk.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/damaged or incomplete/);
    expect(files()).toBe(before);
  });

  it('refuses an image of more than 50 megapixels without decoding it', async () => {
    // a real 10×10 PNG whose header claims 8000×8000 (64 MP): a decompression bomb's shape
    const png = Buffer.from(await testPicture(10, 10).png().toBuffer());
    png.writeUInt32BE(8000, 16);
    png.writeUInt32BE(8000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(8000 * 8000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const res = await upload(t, png, clerk.headers, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The image is larger than 50 megapixels',
      code: 'bad_request',
    });
  });

  it('refuses a body over 10 MB with 413', async () => {
    const res = await upload(t, Buffer.alloc(11 * 1024 * 1024, 0xff), clerk.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The image is larger than 10 MB', code: 'body_too_large' });
  });

  it('refuses JSON and other types it does not read', async () => {
    const res = await upload(t, '{"a":1}', clerk.headers, 'application/json');
    expect(res.statusCode).toBe(400);
    const text = await upload(t, 'hello', clerk.headers, 'text/plain');
    expect(text.statusCode).toBe(415);
  });

  it('needs a staff session: none or a shopper token is 401', async () => {
    const bytes = await testPicture(100, 100).jpeg().toBuffer();
    expect((await upload(t, bytes, {})).statusCode).toBe(401);
    const { token } = await registerAndLogin(t.app);
    const res = await upload(t, bytes, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /media/:imageId/:file', () => {
  let id: string;
  beforeAll(async () => {
    const res = await upload(t, await testPicture(700, 500).jpeg().toBuffer(), clerk.headers);
    id = res.json().imageId;
  });

  it('serves each rendition with its type, an ETag and a year of immutable caching', async () => {
    for (const [file, type] of [
      ['640.webp', 'image/webp'],
      ['320.avif', 'image/avif'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${id}/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(readFileSync(join(dir, id, file)))).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const again = await t.app.inject({
        method: 'GET',
        url: `/media/${id}/${file}`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it.each([
    () => `/media/${id}/960.webp`, // not made: the original is 700 wide
    () => `/media/${id}/640.jpg`,
    () => `/media/${id}/640.webp.txt`,
    () => `/media/${id}/..%2F..%2Fetc%2Fpasswd`,
    () => `/media/..%2F${id}/640.webp`,
    () => '/media/../package.json',
    () => `/media/${id}`,
    () => `/media/${id}/640/webp`,
    () => `/media/AAAAAAAAAAAAAAAAAAAAAA/640.webp`,
  ])('answers 404 JSON for anything but a stored rendition (%#)', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: { accept: 'text/html,application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/immutable/);
  });
});

describe('a product with an uploaded image', () => {
  it('carries srcset for its images and imgSrcset for imgUrl on GET /products/:id', async () => {
    const up = (
      await upload(t, await testPicture(1000, 1000).jpeg().toBuffer(), clerk.headers)
    ).json();
    const [product] = await t.db.select().from(products).limit(1);
    const id = product!.id;
    await t.db.delete(productImages).where(eq(productImages.productId, id));
    await t.db.insert(productImages).values([
      { productId: id, position: 0, url: up.url, imageId: up.imageId },
      { productId: id, position: 1, url: '/images/products/outside.jpg', imageId: null },
    ]);
    await t.db.update(products).set({ imgUrl: up.url }).where(eq(products.id, id));
    t.app.catalogueChanged();

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const srcset = {
      webp: `/media/${up.imageId}/320.webp 320w, /media/${up.imageId}/640.webp 640w, /media/${up.imageId}/960.webp 960w`,
      avif: `/media/${up.imageId}/320.avif 320w, /media/${up.imageId}/640.avif 640w, /media/${up.imageId}/960.avif 960w`,
    };
    expect(body.imgUrl).toBe(`/media/${up.imageId}/960.webp`);
    expect(body.imgSrcset).toEqual(srcset);
    expect(body.images).toEqual([{ url: up.url, srcset }, { url: '/images/products/outside.jpg' }]);
    // the list answers the same (one join per page, not a query per product)
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    const listed = list.json().data.find((p: { id: string }) => p.id === id);
    expect(listed.imgSrcset).toEqual(srcset);
    // and a product without uploads has neither
    const other = list.json().data.find((p: { id: string }) => p.id !== id);
    expect(other.imgSrcset).toBeUndefined();
    expect(other.images.every((i: object) => !('srcset' in i))).toBe(true);
  });
});

function readdirCount(root: string): number {
  return readdirSync(root, { recursive: true }).length;
}

/** PNG chunks end in a CRC-32 of their type and data. */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
