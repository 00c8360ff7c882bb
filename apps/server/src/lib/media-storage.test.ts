import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { testPicture, upload } from '../modules/media/test-images';
import { signInStaff } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  localMediaStorage,
  mediaStorageFromEnv,
  memoryMediaStorage,
  s3MediaStorage,
  type MediaStorage,
} from './media-storage';

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** The same behaviour from every storage: put, get with its type, delete by image prefix. */
async function exercise(storage: MediaStorage) {
  await storage.put('img1/320.webp', Buffer.from('webp bytes'), 'image/webp');
  await storage.put('img1/320.avif', Buffer.from('avif bytes'), 'image/avif');
  await storage.put('img2/320.webp', Buffer.from('other'), 'image/webp');
  const got = await storage.get('img1/320.avif');
  expect(got?.contentType).toBe('image/avif');
  expect(got?.size).toBe(10);
  expect(await text(got!.body)).toBe('avif bytes');
  expect(await storage.get('img1/640.webp')).toBeNull();
  await storage.delete('img1');
  expect(await storage.get('img1/320.webp')).toBeNull();
  expect(await storage.get('img1/320.avif')).toBeNull();
  expect(await text((await storage.get('img2/320.webp'))!.body)).toBe('other');
  for (const bad of ['../etc/passwd', 'img1/../../x', '/abs/320.webp', 'a/b/c', 'img1/', ''])
    await expect(storage.get(bad), bad).rejects.toThrow(/invalid media key/);
}

describe('media storages', () => {
  it('the data folder', async () => {
    const dir = temp('media-local-');
    try {
      await exercise(localMediaStorage(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('memory', () => exercise(memoryMediaStorage()));
});

describe('S3 configuration', () => {
  it('refuses to start with a bucket but no keys, naming them', () => {
    expect(() => readEnv({ S3_BUCKET: 'shop-images' })).toThrow(
      /S3_BUCKET is set: also set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => readEnv({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('uses the data folder without a bucket and S3 with one', () => {
    expect(mediaStorageFromEnv(readEnv({ DATA_DIR: '/tmp/x' })).kind).toBe('data folder');
    const env = readEnv({
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env.S3_REGION).toBe('us-east-1');
    expect(mediaStorageFromEnv(env).kind).toBe('s3');
  });
});

describe('an S3-compatible bucket (s3rver, started here)', () => {
  const bucket = 'store-media';
  let dir: string;
  let server: S3rver;
  let storage: ReturnType<typeof s3MediaStorage>;
  let t: TestApp;

  beforeAll(async () => {
    dir = temp('s3rver-');
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = await server.run();
    storage = s3MediaStorage({
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    t = await createTestApp({ mediaStorage: storage });
  });
  afterAll(async () => {
    await t?.close();
    storage?.client.destroy();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads and deletes objects', () => exercise(storage));

  it('takes an upload through the API and GET /media streams it back from the bucket', async () => {
    const staff = await signInStaff(t.app, t.db, 'staff');
    const res = await upload(t, await testPicture(700, 400).png().toBuffer(), staff.headers);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().imageId as string;
    const listed = await storage.client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `media/${id}/` }),
    );
    expect((listed.Contents ?? []).map((c) => c.Key).sort()).toEqual(
      ['320.avif', '320.webp', '640.avif', '640.webp'].map((f) => `media/${id}/${f}`),
    );

    const served = await t.app.inject({ method: 'GET', url: `/media/${id}/640.avif` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.compression, meta.width]).toEqual(['heif', 'av1', 640]);
    const missing = await t.app.inject({ method: 'GET', url: `/media/${id}/960.webp` });
    expect(missing.statusCode).toBe(404);
  });
});
