import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
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

  it('with keepOnceCompressed, gives out and keeps an entry only once its copies are made', async () => {
    const body = () => ({ html: '<p>Fountain pen</p>'.repeat(200) });
    const plain = new ResponseCache();
    // by default the copies follow (off the main thread): the first answers go out uncompressed
    expect((await plain.getOrCreate('page', async () => body())).encoded).toEqual({});
    const pages = new ResponseCache();
    pages.keepOnceCompressed = true;
    const entry = await pages.getOrCreate('page', async () => body());
    expect(brotliDecompressSync(entry.encoded.br!).toString()).toBe(entry.body);
    expect(gunzipSync(entry.encoded.gzip!).toString()).toBe(entry.body);
    expect(pages.size).toBe(1);
  });
});

/** A computation the test finishes when it wants, counting how often it was started. */
function gate<T>(value: T) {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  const produce = vi.fn(async () => {
    await opened;
    return value;
  });
  return { produce, release };
}

describe('ResponseCache single-flight', () => {
  it('computes concurrent misses of one key once, and a key cleared meanwhile anew', async () => {
    const cache = new ResponseCache();
    const first = gate({ page: 1 });
    const ten = Array.from({ length: 10 }, () => cache.getOrCreate('products|a', first.produce));
    first.release();
    const entries = await Promise.all(ten);
    expect(first.produce).toHaveBeenCalledTimes(1);
    expect(new Set(entries.map((e) => e.body))).toEqual(new Set(['{"page":1}']));

    // a catalogue change while a computation runs: requests after it do not join the old one,
    // and the old answer is not kept
    const before = gate({ page: 'old' });
    const early = cache.getOrCreate('products|b', before.produce);
    cache.clear();
    const after = gate({ page: 'new' });
    const late = cache.getOrCreate('products|b', after.produce);
    before.release();
    after.release();
    expect((await early).body).toBe('{"page":"old"}');
    expect((await late).body).toBe('{"page":"new"}');
    expect((await cache.getOrCreate('products|b', before.produce)).body).toBe('{"page":"new"}');
    expect(before.produce).toHaveBeenCalledTimes(1);
  });

  it('lets a failed computation fail its callers and the next request try again', async () => {
    const cache = new ResponseCache();
    const failing = vi.fn(async () => {
      throw new Error('database gone');
    });
    await expect(
      Promise.all([cache.getOrCreate('k', failing), cache.getOrCreate('k', failing)]),
    ).rejects.toThrow('database gone');
    expect(failing).toHaveBeenCalledTimes(1);
    expect((await cache.getOrCreate('k', async () => 1)).body).toBe('1');
  });

  it('computes every request with TTL 0 (a bench measures misses)', async () => {
    const cache = new ResponseCache(0);
    const g = gate({ n: 1 });
    const both = Promise.all([
      cache.getOrCreate('k', g.produce),
      cache.getOrCreate('k', g.produce),
    ]);
    g.release();
    await both;
    expect(g.produce).toHaveBeenCalledTimes(2);
  });

  it('memo: concurrent callers share one computation, and clear() forgets it', async () => {
    const cache = new ResponseCache();
    const count = gate(32_000);
    const ten = Array.from({ length: 10 }, () => cache.memo('count|pen', count.produce));
    count.release();
    expect(await Promise.all(ten)).toEqual(Array(10).fill(32_000));
    expect(count.produce).toHaveBeenCalledTimes(1);
    cache.clear();
    expect(await cache.memo('count|pen', async () => 32_001)).toBe(32_001);
  });
});

describe('ResponseCache stale-while-revalidate (staleForMs)', () => {
  it('answers the previous facets after a catalogue change while ONE refresh computes the new', async () => {
    const cache = new ResponseCache();
    await cache.getOrCreate('facets|a', async () => ({ total: 1 }), { staleForMs: 60_000 });
    await cache.getOrCreate('products|a', async () => ({ total: 1 }));
    cache.clear();

    const refresh = gate({ total: 2 });
    const ten = await Promise.all(
      Array.from({ length: 10 }, () =>
        cache.getOrCreate('facets|a', refresh.produce, { staleForMs: 60_000 }),
      ),
    );
    // answered at once, before the refresh is released
    expect(ten.map((e) => e.body)).toEqual(Array(10).fill('{"total":1}'));
    expect(refresh.produce).toHaveBeenCalledTimes(1);
    refresh.release();
    await cache.idle();
    const next = await cache.getOrCreate('facets|a', refresh.produce, { staleForMs: 60_000 });
    expect(next.body).toBe('{"total":2}');
    expect(refresh.produce).toHaveBeenCalledTimes(1);

    // a listing stays strict: after the change it is computed before it is answered
    const listing = await cache.getOrCreate('products|a', async () => ({ total: 2 }));
    expect(listing.body).toBe('{"total":2}');
  });

  it('keeps serving the stale answer when the refresh fails, and stops after staleForMs', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ResponseCache();
      await cache.getOrCreate('facets|a', async () => ({ total: 1 }), { staleForMs: 1_000 });
      cache.clear();
      const failing = vi.fn(async () => {
        throw new Error('timeout');
      });
      const stale = await cache.getOrCreate('facets|a', failing, { staleForMs: 1_000 });
      expect(stale.body).toBe('{"total":1}');
      await cache.idle();
      expect((await cache.getOrCreate('facets|a', failing, { staleForMs: 1_000 })).body).toBe(
        '{"total":1}',
      );
      expect(failing).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1_001);
      await expect(cache.getOrCreate('facets|a', failing, { staleForMs: 1_000 })).rejects.toThrow(
        'timeout',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats an expired entry like a changed catalogue, but not with TTL 0', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ResponseCache(1_000);
      await cache.getOrCreate('facets|a', async () => 1, { staleForMs: 60_000 });
      vi.advanceTimersByTime(1_001);
      const g = gate(2);
      expect((await cache.getOrCreate('facets|a', g.produce, { staleForMs: 60_000 })).body).toBe(
        '1',
      );
      g.release();
      await cache.idle();
      expect((await cache.getOrCreate('facets|a', g.produce, { staleForMs: 60_000 })).body).toBe(
        '2',
      );

      const none = new ResponseCache(0);
      await none.getOrCreate('facets|a', async () => 1, { staleForMs: 60_000 });
      none.clear();
      expect((await none.getOrCreate('facets|a', async () => 2, { staleForMs: 60_000 })).body).toBe(
        '2',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('with staleOnChange false, serves past the TTL only, and peek answers it while refreshed', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ResponseCache(1_000, 100, 1_000_000, (html) => html as string);
      const swr = { staleForMs: 60_000, staleOnChange: false };
      const request = { headers: { host: 'shop.example' }, url: '/contact' } as never;
      const alias = { raw: request, routeOptions: { url: undefined } } as never;
      await cache.getOrCreate('page|a', async () => 'one', swr);
      cache.alias(alias, 'page|a');
      expect(cache.peek(request)?.entry.body).toBe('one');
      vi.advanceTimersByTime(1_001);
      // expired: the front leaves it to getOrCreate, which starts one refresh and answers the old
      expect(cache.peek(request)).toBeUndefined();
      const refresh = gate('two');
      expect((await cache.getOrCreate('page|a', refresh.produce, swr)).body).toBe('one');
      expect(cache.refreshing('page|a')?.body).toBe('one');
      expect(cache.peek(request)?.entry.body).toBe('one');
      refresh.release();
      await cache.idle();
      expect(cache.refreshing('page|a')).toBeUndefined();
      expect(cache.peek(request)?.entry.body).toBe('two');

      // a catalogue change forgets it outright: the next caller waits for the new one
      cache.clear();
      const changed = gate('three');
      let answered = '';
      const next = cache
        .getOrCreate('page|a', changed.produce, swr)
        .then((e) => (answered = e.body));
      await vi.advanceTimersByTimeAsync(10);
      expect(answered).toBe('');
      expect(cache.peek(request)).toBeUndefined();
      changed.release();
      await next;
      expect(answered).toBe('three');
    } finally {
      vi.useRealTimers();
    }
  });
});
