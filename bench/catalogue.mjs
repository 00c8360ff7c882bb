// Catalogue reads at scale (issue 13 item 4: p99 <= 50 ms on PostgreSQL at 100,000 products):
// listing, deep page, category, parent category, featured, filters, sort, search (with a typo and
// a prefix), facets, suggestions and related products, each measured UNCACHED: the server runs
// with CATALOGUE_CACHE_TTL_MS=0, so no answer comes from the response cache (lib/response-cache.ts).
// p50/p99 and req/s per scenario, at 1 connection and at 10.
//
// Load the catalogue first (apps/server/scripts/load-catalogue.ts), then:
//   npm run bench:catalogue -- --pg postgres://postgres@127.0.0.1:5432/bench100k
//   npm run bench:catalogue -- --data-dir /tmp/bench-100k        (PGlite; the folder the loader filled)
//   npm run bench:catalogue -- --url http://127.0.0.1:3000       (a server you started yourself:
//                                                                  start it with CATALOGUE_CACHE_TTL_MS=0)
// env: BENCH_SECONDS=5 per scenario and level, BENCH_LEVELS=1,10 (connections), BENCH_ONLY=<regexp
//      of scenario names>, BENCH_PIN=0 to let the scheduler place the processes
//
// A scenario the server does not support yet (an endpoint answering 400/404, or an answer that
// ignores the parameter, e.g. a search that returns the plain listing) is reported, not timed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { waitFor } from './shop.mjs';
import { pin, serverCore } from './process-cpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const pgUrl = arg('--pg');
const dataDir = arg('--data-dir');
const givenUrl = arg('--url');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const levels = (process.env.BENCH_LEVELS ?? '1,10').split(',').map(Number);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const PORT = 3921;
const children = [];

if (!pgUrl && !dataDir && !givenUrl) {
  console.error(
    'Usage: node bench/catalogue.mjs (--pg <postgres url> | --data-dir <PGlite folder> | --url <running server>)',
  );
  process.exit(2);
}

function startServer() {
  const args = ['--import', 'tsx', 'src/server.ts'];
  const [command, commandArgs] = pin
    ? ['taskset', ['-c', serverCore, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // no load balancer to drain for: stop at once (server.ts)
      SHUTDOWN_DRAIN_MS: '0',
      DATABASE_URL: pgUrl ?? '',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      // every request a miss: what the database and the handler cost
      CATALOGUE_CACHE_TTL_MS: '0',
      REDIS_URL: '',
      WEB_DIST_DIR: join(tmpdir(), 'no-web-dist'),
      ADMIN_DIST_DIR: join(tmpdir(), 'no-admin-dist'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

const colourOf = (p) =>
  p.attributes.find((a) => /^colou?rs?$/i.test(a.key))?.value.map((v) => v.toLowerCase()) ?? [];
const priceOf = (p) => p.discountedPrice ?? p.regularPrice;
const sorted = (xs) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
const titled = (re) => (b) => b.data.length > 0 && b.data.every((p) => re.test(p.title));

/** Each scenario: a path under /api/v1 and a check that the answer honours what was asked. */
const scenarios = [
  { name: 'listing page 1', path: '/products?page=1&limit=12', check: (b) => b.data.length === 12 },
  {
    name: 'deep page (500)',
    path: '/products?page=500&limit=12',
    check: (b) => b.data.length === 12 && b.pagination.page === 500,
  },
  {
    name: 'category',
    path: '/products?category=Pens%20%26%20Writing&page=1&limit=12',
    check: (b) => b.data.length > 0 && b.data.every((p) => p.category === 'Pens & Writing'),
  },
  {
    name: 'parent category',
    path: '/products?parentCategory=Writing%20Instruments&page=1&limit=12',
    check: (b) =>
      b.data.length > 0 && b.data.every((p) => p.parentCategory === 'Writing Instruments'),
  },
  {
    name: 'featured',
    path: '/products?featured=true&page=1&limit=12',
    check: (b) =>
      b.data.length > 0 && b.data.every((p) => p.attributes.some((a) => /^featured$/i.test(a.key))),
  },
  {
    name: 'filter colour+stock+price',
    path: '/products?color=Black&inStock=true&minPrice=200&maxPrice=1000&page=1&limit=12',
    check: (b) =>
      b.data.length > 0 &&
      b.data.every(
        (p) =>
          colourOf(p).includes('black') &&
          p.availability.status !== 'sold_out' &&
          priceOf(p) >= 200 &&
          priceOf(p) < 1000,
      ),
  },
  {
    name: 'sort by price',
    path: '/products?sort=price_asc&page=1&limit=12',
    check: (b) => b.data.length === 12 && sorted(b.data.map(priceOf)),
  },
  {
    name: 'search "fountain pen"',
    path: '/products?q=fountain%20pen&page=1&limit=12',
    check: titled(/fountain/i),
  },
  {
    name: 'search "fountian pen" (typo)',
    path: '/products?q=fountian%20pen&page=1&limit=12',
    check: titled(/fountain/i),
  },
  {
    name: 'search prefix "calli"',
    path: '/products?q=calli&page=1&limit=12',
    check: titled(/calligraph/i),
  },
  {
    // the words may also match descriptions ("fits most fountain pens"): checked are the sort
    // and the filters
    name: 'search + sort + filter',
    path: '/products?q=fountian%20pen&sort=price_asc&color=Black&inStock=true&page=1&limit=12',
    check: (b) =>
      b.data.length > 0 &&
      sorted(b.data.map(priceOf)) &&
      b.data.every((p) => colourOf(p).includes('black') && p.availability.status !== 'sold_out'),
  },
  {
    name: 'facets (whole catalogue)',
    path: '/products/facets',
    check: (b) => typeof b.total === 'number' && Array.isArray(b.colors),
  },
  {
    name: 'facets (search)',
    path: '/products/facets?q=fountain%20pen',
    check: (b) => typeof b.total === 'number' && Array.isArray(b.colors),
  },
  {
    name: 'suggest "fount"',
    path: '/products/suggest?q=fount',
    check: (b) => Array.isArray(b.products) && b.products.length > 0,
  },
  {
    name: 'related products',
    path: '/products/:id/related',
    check: (b) => Array.isArray(b.data) && b.data.length > 0,
  },
].filter((s) => !only || only.test(s.name));

function run(url, connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const ms = (v) => (v === undefined ? '   -' : String(Math.round(v)).padStart(4));

try {
  let base = givenUrl?.replace(/\/+$/, '');
  let target = givenUrl ? `a running server at ${base}` : '';
  if (!base) {
    startServer();
    base = `http://127.0.0.1:${PORT}`;
    target = pgUrl ? `PostgreSQL ${new URL(pgUrl).pathname.slice(1)}` : `PGlite in ${dataDir}`;
  }
  const api = `${base}/api/v1`;
  const first = await (
    await waitFor(`${api}/products?page=1&limit=1`, { timeoutMs: 180_000 })
  ).json();
  const productId = first.data[0]?.id;
  console.log(
    `${target}: ${first.pagination.total} products; ${seconds} s per scenario and level; ` +
      (pin
        ? `autocannon on core 0, the server on core ${serverCore}`
        : 'processes placed by the scheduler') +
      (givenUrl
        ? '\n(start that server with CATALOGUE_CACHE_TTL_MS=0, or the figures are cache hits)'
        : ''),
  );

  // which scenarios the server supports, each request once (this also warms the JIT)
  for (const s of scenarios) {
    s.url = `${api}${s.path.replace(':id', productId)}`;
    const res = await fetch(s.url);
    const body = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
    if (!res.ok) s.skip = `answers ${res.status}${body?.error ? ` (${body.error})` : ''}`;
    else if (!s.check(body)) s.skip = 'answer ignores the parameters (not supported yet)';
  }
  for (let i = 0; i < 20; i++) {
    await Promise.all(
      scenarios.filter((s) => !s.skip).map((s) => fetch(s.url).then((r) => r.arrayBuffer())),
    );
  }

  const header = levels
    .map((c) => `   ${String(c).padStart(2)} conn: p50  p99 ms   req/s`)
    .join('');
  console.log(`\n${'scenario'.padEnd(32)}${header}`);
  for (const s of scenarios) {
    if (s.skip) {
      console.log(`${s.name.padEnd(32)}   not measured: ${s.skip}`);
      continue;
    }
    const cells = [];
    for (const connections of levels) {
      const r = await run(s.url, connections);
      const errors = r.errors + r.timeouts + r.non2xx;
      cells.push(
        `          ${ms(r.latency.p50)} ${ms(r.latency.p99)}  ${String(Math.round(r.requests.average)).padStart(6)}` +
          (errors ? ` (${errors} errors)` : ''),
      );
    }
    console.log(`${s.name.padEnd(32)}${cells.join('')}`);
  }
} finally {
  // requests autocannon left in flight finish first (else the server logs a closed pool)
  await new Promise((r) => setTimeout(r, 1000));
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
}
