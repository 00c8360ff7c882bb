import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, ResponseCache } from './response-cache';

const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['br;q=0, *;q=0.1', 'gzip'],
    ['identity;q=1, *;q=0', undefined],
    ['deflate', undefined],
    ['br;q=abc', undefined],
  ])('%j -> %s', (accept, expected) => {
    expect(preferredEncoding(accept, both)).toBe(expected);
  });

  it('offers only what is at hand', () => {
    expect(preferredEncoding('br, gzip', { gzip: both.gzip })).toBe('gzip');
    expect(preferredEncoding('br, gzip', {})).toBeUndefined();
  });
});

describe('ResponseCache', () => {
  it('keeps br and gzip copies of a large body that decompress to it, and none of a small one', async () => {
    const cache = new ResponseCache();
    const large = await cache.getOrCreate('large', async () => ({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Notebook ${i}` })),
    }));
    const small = await cache.getOrCreate('small', async () => ({ ok: true }));
    await cache.settled();
    expect(brotliDecompressSync(large.encoded.br!).toString()).toBe(large.body);
    expect(gunzipSync(large.encoded.gzip!).toString()).toBe(large.body);
    expect(large.encoded.br!.length).toBeLessThan(large.body.length / 4);
    expect(small.encoded).toEqual({});
  });
});
