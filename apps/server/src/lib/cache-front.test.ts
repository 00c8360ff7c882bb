import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stores } from '../db/schema';
import { logLineStream } from '../test/log-lines';
import { createTestApp, type TestApp } from '../test/test-app';

// The fast path sits in front of Fastify's handler, which inject() calls directly: these tests
// talk to a listening server, as browsers do.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let port: number;
const logLines: { msg: string; req?: { url: string; remoteAddress?: string } }[] = [];

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers a client can tell apart (Date, connection handling and the request's id aside). */
function comparable(headers: IncomingHttpHeaders) {
  const { date: _date, connection: _c, 'keep-alive': _k, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

const fromCache = (path: string) =>
  logLines.some((l) => l.msg === 'request completed (catalogue cache)' && l.req?.url === path);

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: logLineStream(logLines) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  logLines.length = 0;
  t.app.catalogueChanged();
});

describe('catalogue reads answered from the cache before Fastify', () => {
  it('answers a repeat read with the same body and headers as the first, in every encoding', async () => {
    const path = '/api/v1/products?page=1&limit=12';
    const first = await get(path);
    await t.app.catalogueCache.settled();
    expect(fromCache(path)).toBe(false);

    const again = await get(path);
    expect(fromCache(path)).toBe(true);
    expect(logLines.at(-1)?.req).toMatchObject({ url: path, remoteAddress: '127.0.0.1' });
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(comparable(again.headers)).toEqual(comparable(first.headers));
    expect(again.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'",
    });

    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(first.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).equals(first.body)).toBe(true);

    // a 304 from Fastify (the entry made again) and one from the cache look alike
    t.app.catalogueChanged();
    const inm = { 'if-none-match': String(first.headers.etag) };
    const notModifiedByFastify = await get(path, inm);
    const notModified = await get(path, inm);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(comparable(notModified.headers)).toEqual(comparable(notModifiedByFastify.headers));
  });

  it('gives the same answers as Fastify does for a client it leaves to Fastify (deflate)', async () => {
    const path = '/api/v1/products?page=1&limit=20';
    await get(path);
    await t.app.catalogueCache.settled();
    const plain = await get(path);
    logLines.length = 0;
    const deflated = await get(path, { 'accept-encoding': 'deflate' });
    expect(fromCache(path)).toBe(false);
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(deflated.headers.etag).toBe(plain.headers.etag);
  });

  it('shows a catalogue change at once', async () => {
    const path = '/api/v1/storeInfo';
    const before = JSON.parse((await get(path)).body.toString()) as { storeName: string };
    await get(path);
    expect(fromCache(path)).toBe(true);
    await t.db.update(stores).set({ storeName: 'Renamed Stationers' });
    t.app.catalogueChanged();
    const after = JSON.parse((await get(path)).body.toString()) as { storeName: string };
    expect(after.storeName).toBe('Renamed Stationers');
    await t.db.update(stores).set({ storeName: before.storeName });
  });

  it("keeps each store's answers apart (Host and X-Store-Domain)", async () => {
    await t.db.insert(stores).values({
      id: 'second-store',
      domains: ['second.example'],
      storeName: 'Second Store',
      companyName: 'Second Co',
      companyAddress: 'Pune',
      companyEmail: 'hello@second.example',
      companyPhone: '+91 98765 43210',
    });
    t.app.catalogueChanged();
    try {
      const path = '/api/v1/storeInfo';
      const name = async (headers: Record<string, string>) =>
        (JSON.parse((await get(path, headers)).body.toString()) as { storeName: string }).storeName;
      const main = await name({});
      for (let i = 0; i < 2; i++) {
        expect(await name({ host: 'second.example' })).toBe('Second Store');
        expect(await name({ 'x-store-domain': 'second.example' })).toBe('Second Store');
        expect(await name({})).toBe(main);
      }
      expect(fromCache(path)).toBe(true);
    } finally {
      await t.db.delete(stores).where(eq(stores.id, 'second-store'));
      t.app.catalogueChanged();
    }
  });

  it('leaves every other request to Fastify: writes, HEAD, other routes', async () => {
    const path = '/api/v1/products?page=1&limit=12';
    await get(path);
    await get(path);
    logLines.length = 0;
    const head = await new Promise<number>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path, method: 'HEAD' }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
    const product = await get('/api/v1/products/not-a-uuid');
    expect([400, 404]).toContain(product.status);
    expect(logLines.some((l) => l.msg === 'request completed (catalogue cache)')).toBe(false);
  });
});
