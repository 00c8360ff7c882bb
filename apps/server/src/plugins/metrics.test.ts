import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLineStream } from '../test/log-lines';
import { createTestApp, type TestApp } from '../test/test-app';

// A scrape comes over the network: these tests talk to a listening server, so the socket's
// address is real and the catalogue cache's front (before Fastify) answers repeat reads.

let t: TestApp;
let base: string;
const logLines: { reqId?: string; msg: string }[] = [];

/** One sample's value from the Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

const scrape = async () => (await fetch(`${base}/metrics`)).text();

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: logLineStream(logLines) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const product = '/api/v1/products/00000000-0000-4000-8000-000000000000';
    expect((await fetch(`${base}${product}`)).status).toBe(404);
    await fetch(`${base}/no-such-page-${Date.now()}`);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/v1/products/:id',
        status_code: '404',
      }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)' })).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).not.toContain('no-such-page');
    // the event loop's delay and the process's own figures come with prom-client's defaults
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts catalogue reads answered before Fastify under their route, as cache hits', async () => {
    const path = '/api/v1/products?page=1&limit=5';
    t.app.catalogueChanged();
    const before = await scrape();
    const route = { route: '/api/v1/products', status_code: '200' };
    const count = (text: string) => sample(text, 'http_request_duration_seconds_count', route) ?? 0;
    const lookups = (text: string, layer: string, result: string) =>
      sample(text, 'store_catalogue_cache_lookups_total', { layer, result }) ?? 0;
    await fetch(`${base}${path}`);
    await t.app.catalogueCache.settled();
    await fetch(`${base}${path}`);
    await fetch(`${base}${path}`);
    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(lookups(after, 'route', 'miss') - lookups(before, 'route', 'miss')).toBe(1);
    expect(lookups(after, 'front', 'hit') - lookups(before, 'front', 'hit')).toBe(2);
  });

  it('is not for other machines, whatever X-Forwarded-For says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'metrics_local_only' });
  });

  it('is not rate limited: a scraper polling fast keeps getting answers', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      statuses.add((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('is left out of the API docs', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(docs.body).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let secured: TestApp;
  beforeAll(async () => {
    secured = await createTestApp({ metricsToken: 'a-scrape-token-of-32-characters!' });
  });
  afterAll(async () => {
    await secured?.close();
  });

  it('needs the token as a bearer token, even from this machine', async () => {
    const ask = (authorization?: string) =>
      secured.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });
    const none = await ask();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'metrics_token_required' });
    expect((await ask('Bearer a-scrape-token-of-32-characters')).statusCode).toBe(401);
    expect((await ask('a-scrape-token-of-32-characters!')).statusCode).toBe(401);
    const ok = await ask('Bearer a-scrape-token-of-32-characters!');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });
});

describe('request ids', () => {
  it("uses the caller's X-Request-Id: echoed back and in the request's log lines", async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.91' } });
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.91');
    const lines = logLines.filter((l) => l.reqId === 'lb-7f3a.91');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('gives each request its own UUID when it has none or an unsafe one', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const a = (await fetch(`${base}/healthz`)).headers.get('x-request-id');
    const b = (await fetch(`${base}/healthz`)).headers.get('x-request-id');
    expect(a).toMatch(uuid);
    expect(b).toMatch(uuid);
    expect(a).not.toBe(b);
    for (const unsafe of ['x'.repeat(129), 'id with spaces', 'id"}{"level":60']) {
      const res = await fetch(`${base}/healthz`, { headers: { 'x-request-id': unsafe } });
      expect(res.headers.get('x-request-id')).toMatch(uuid);
    }
  });

  it('is echoed on answers the catalogue cache gives before Fastify too', async () => {
    const path = `${base}/api/v1/products?page=1&limit=3`;
    await fetch(path);
    await t.app.catalogueCache.settled();
    logLines.length = 0;
    const res = await fetch(path, { headers: { 'x-request-id': 'from-the-front' } });
    expect(res.headers.get('x-request-id')).toBe('from-the-front');
    expect(logLines.find((l) => l.msg === 'request completed (catalogue cache)')?.reqId).toBe(
      'from-the-front',
    );
    const plain = await fetch(path);
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
