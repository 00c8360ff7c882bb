import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress';

// What the build leaves for the store server to send as it is (apps/server/src/plugins/web.ts).
describe('precompressDir', () => {
  it('writes .br and .gz that decode to the file, for text only, small files too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    const script = `export const words = ${JSON.stringify('pen ink paper '.repeat(400))};\n`;
    const files = {
      'assets/index-abc.js': script,
      'assets/index-abc.css': `.a{color:red}`.repeat(200),
      'assets/logo-abc.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
      'assets/small-abc.js': 'export {};',
      'assets/font-abc.woff2': 'x'.repeat(4000),
      '.vite/manifest.json': JSON.stringify({ x: 'y'.repeat(4000) }),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);

    const done = await precompressDir(dir);

    expect(done.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      'assets/index-abc.css',
      'assets/index-abc.js',
      'assets/logo-abc.svg',
      'assets/small-abc.js',
    ]);
    for (const name of ['assets/index-abc.js', 'assets/index-abc.css', 'assets/logo-abc.svg']) {
      const plain = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      expect(brotliDecompressSync(br).equals(plain), name).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(plain), name).toBe(true);
      expect(br.length, name).toBeLessThan(plain.length / 4);
    }
    const small = join(dir, 'assets/small-abc.js.br');
    expect(brotliDecompressSync(readFileSync(small)).toString()).toBe('export {};');
    for (const name of ['assets/font-abc.woff2', '.vite/manifest.json']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
