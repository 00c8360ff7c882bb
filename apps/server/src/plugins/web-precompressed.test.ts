import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// The build writes .br and .gz beside each script, stylesheet and SVG (scripts/vite-precompress.ts);
// the server sends those files as they are instead of compressing on every request.
const script = `export const catalogue = ${JSON.stringify('fountain pen '.repeat(500))};\n`;

function builtApp(name: string): { dir: string; asset: string } {
  const dir = mkdtempSync(join(tmpdir(), `${name}-dist-`));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title><div id="root">`);
  const asset = join(dir, 'assets', `index-${name}1.js`);
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script, { level: 9 }));
  // a file from an older build, without copies
  writeFileSync(join(dir, 'assets', `tiny-${name}1.js`), 'export {};');
  return { dir, asset };
}

let t: TestApp;
const web = builtApp('web');
const admin = builtApp('admin');
beforeAll(async () => {
  t = await createTestApp({ webDistDir: web.dir, adminDistDir: admin.dir });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe.each([
  ['storefront', '/assets/index-web1.js', web.asset],
  ['back office', '/admin/assets/index-admin1.js', admin.asset],
])('built scripts of the %s', (_app, url, file) => {
  it('are sent as the build compressed them: br when taken, else gzip, else plain', async () => {
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    // the file's own bytes, not a fresh compression of the script
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const plain of [await get(url), await get(url, 'identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }

    for (const res of [br, gz]) {
      expect(String(res.headers['content-type'])).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });
});

describe('a built file without compressed copies', () => {
  it('is still sent whole', async () => {
    const res = await get('/assets/tiny-web1.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    // @fastify/compress encodes it on the way (its threshold does not apply to a file stream):
    // why the build writes copies of small files too
    const body =
      res.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : res.rawPayload;
    expect(body.toString()).toBe('export {};');
  });
});
