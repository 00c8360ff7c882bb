// Mixed load on the real server (issue 10 item 8): about 40% GET /products (listing pages), 30%
// GET /products/:id, 10% POST /users/authorize (valid logins), 20% POST /orders (a fresh
// Idempotency-Key each), at 50, 200 and 400 connections; per route p50/p95/p99, throughput and
// errors (non-2xx, timeouts past 10 s; 409 out of stock and 429 limited counted apart).
//   npm run bench:load                                   embedded PGlite, one server process
//   npm run bench:load -- --pg postgres://127.0.0.1:5432/test
//                        PostgreSQL (a fresh database next to the one named), two server processes,
//                        the bench sending requests to them in turn
// env: BENCH_SECONDS=15 per level, BENCH_LEVELS=50,200,400, BENCH_USERS=300, BENCH_WEIGHTS=40,30,10,20
//
// The servers run as a shop runs them (tsx src/server.ts, one process each, a fresh DATA_DIR,
// seeded), with TRUST_PROXY=1: the bench plays many shoppers behind one proxy, each user with its
// own X-Forwarded-For address, so the login limits (plugins/rate-limit.ts) count per shopper as in
// real life and the bench's logins stay under them (each user logs in a handful of times per run).
// Stock of every product is set huge so orders measure the write path, not 409s.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = join(root, 'apps/server');
const argv = process.argv.slice(2);
const pgIndex = argv.indexOf('--pg');
const pgBase = pgIndex >= 0 ? argv[pgIndex + 1] : undefined;
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const levels = (process.env.BENCH_LEVELS ?? '50,200,400').split(',').map(Number);
const userCount = Number(process.env.BENCH_USERS ?? 300);
const TIMEOUT_MS = 10_000;
const PASSWORD = 'bench-password-1';
const JWT_SECRET = randomBytes(32).toString('hex');
const children = [];

/** Runs a module in the server package (tsx), for setup that needs the database directly. */
function runTs(source, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', source],
      {
        cwd: serverDir,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`setup exited ${code}`)),
    );
  });
}

// Seeds the catalogue and makes stock plentiful (every product and variant row), caps lifted.
const setupSource = `
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/db/client.ts';
import { seedCatalogue } from './src/db/seed.ts';
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR },
);
await seedCatalogue(database.db);
await database.db.execute(sql\`UPDATE stock_levels SET on_hand = 100000000\`);
// fair stock (issue 23) caps each shopper's unpaid orders: lifted, as the stock is, so orders
// measure the write path (older code has no such columns)
await database.db
  .execute(sql\`UPDATE stores SET max_open_orders = 1000, max_held_units = 10000\`)
  .catch(() => {});
await database.close();
`;

function startServer(port, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // no load balancer to drain for: stop at once (server.ts)
      SHUTDOWN_DRAIN_MS: '0',
      TRUST_PROXY: '1',
      JWT_SECRET,
      REDIS_URL: '',
      WEB_DIST_DIR: join(tmpdir(), 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One request; resolves { status, ms, body } or { status: 'timeout' | 'error' }. */
function request(port, method, path, { body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api/v1${path}`,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 'timeout', ms: performance.now() - started });
    });
    req.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
    if (payload) req.write(payload);
    req.end();
  });
}

async function waitFor(port) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await request(port, 'GET', '/products?limit=1');
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} did not start`);
}

/** Runs `fn` over items with `concurrency` at a time. */
async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const shipping = {
  fullName: 'Bench Shopper',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+91 98765 43210',
};

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  let dropDatabase = async () => {};
  let ports;
  try {
    if (pgBase) {
      const { default: pg } = await import('pg');
      const url = new URL(pgBase);
      const name = `${url.pathname.slice(1) || 'postgres'}_load_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgBase });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: pgBase });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      };
      url.pathname = `/${name}`;
      await runTs(setupSource, { DATABASE_URL: url.toString() });
      ports = [3931, 3932];
      for (const port of ports) startServer(port, { DATABASE_URL: url.toString() });
    } else {
      await runTs(setupSource, { DATA_DIR: dataDir, DATABASE_URL: '' });
      ports = [3931];
      startServer(3931, { DATA_DIR: dataDir, DATABASE_URL: '' });
    }
    for (const port of ports) await waitFor(port);
    let turn = 0;
    const nextPort = () => ports[turn++ % ports.length];

    // the catalogue: listing pages and orderable products (no size/colour to choose)
    const first = JSON.parse((await request(ports[0], 'GET', '/products?page=1&limit=12')).body);
    const pages = Math.max(1, Math.ceil((first.total ?? first.data.length) / 12));
    const products = [];
    for (let page = 1; page <= pages; page++) {
      const res = JSON.parse(
        (await request(ports[0], 'GET', `/products?page=${page}&limit=12`)).body,
      );
      products.push(...res.data);
    }
    // a line per product; one with sizes or colours names a variant, as the storefront does
    const lineFor = (p) => {
      const v = p.variants?.length ? p.variants[Math.floor(Math.random() * p.variants.length)] : {};
      return {
        productId: p.id,
        quantity: 1,
        ...(v.size ? { size: v.size } : {}),
        ...(v.color ? { color: v.color } : {}),
      };
    };

    // shoppers, each behind its own address
    const users = Array.from({ length: userCount }, (_, i) => ({
      email: `bench-${i}-${randomBytes(3).toString('hex')}@example.in`,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }));
    await pool(users, 8, async (u) => {
      const headers = { 'x-forwarded-for': u.ip };
      const reg = await request(nextPort(), 'POST', '/users/register', {
        headers,
        body: { firstName: 'Bench', lastName: 'Shopper', email: u.email, password: PASSWORD },
      });
      if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.body}`);
      const login = await request(nextPort(), 'POST', '/users/authorize', {
        headers,
        body: { email: u.email, password: PASSWORD },
      });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
      u.token = JSON.parse(login.body).token;
    });

    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    let loginTurn = 0;
    const routes = [
      {
        name: 'GET /products (list)',
        weight: 40,
        send: () =>
          request(
            nextPort(),
            'GET',
            `/products?page=${1 + Math.floor(Math.random() * pages)}&limit=12`,
          ),
      },
      {
        name: 'GET /products/:id',
        weight: 30,
        send: () => request(nextPort(), 'GET', `/products/${pick(products).id}`),
      },
      {
        name: 'POST /users/authorize',
        weight: 10,
        send: () => {
          // in turn, so every shopper logs in equally often (well under the per-account limit)
          const u = users[loginTurn++ % users.length];
          return request(nextPort(), 'POST', '/users/authorize', {
            headers: { 'x-forwarded-for': u.ip },
            body: { email: u.email, password: PASSWORD },
          });
        },
      },
      {
        name: 'POST /orders',
        weight: 20,
        send: () => {
          const u = pick(users);
          const a = pick(products);
          let b = pick(products);
          while (b === a && products.length > 1) b = pick(products);
          const lines = [lineFor(a), lineFor(b)];
          return request(nextPort(), 'POST', '/orders', {
            headers: {
              'x-forwarded-for': u.ip,
              authorization: `Bearer ${u.token}`,
              'idempotency-key': randomUUID(),
            },
            body: {
              products: Object.fromEntries(lines.map((l) => [l.productId, 1])),
              lines,
              shippingAddress: shipping,
            },
          });
        },
      },
    ];
    // BENCH_WEIGHTS=40,30,10,20 changes the mix (e.g. 0 logins, to see what argon2 costs the rest)
    const weights = process.env.BENCH_WEIGHTS?.split(',').map(Number);
    if (weights) routes.forEach((r, i) => (r.weight = weights[i] ?? r.weight));
    const totalWeight = routes.reduce((s, r) => s + r.weight, 0);
    const chooseRoute = () => {
      let x = Math.random() * totalWeight;
      for (const r of routes) if ((x -= r.weight) < 0) return r;
      return routes[0];
    };

    console.log(
      `\n${pgBase ? `PostgreSQL, ${ports.length} server processes` : 'PGlite, one server process'}; ` +
        `${seconds} s per level, ${userCount} shoppers, ${products.length} products`,
    );
    for (const connections of levels) {
      const stats = new Map(routes.map((r) => [r, { ms: [], codes: new Map() }]));
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < deadline) {
            const route = chooseRoute();
            const res = await route.send();
            const s = stats.get(route);
            s.codes.set(res.status, (s.codes.get(res.status) ?? 0) + 1);
            if (typeof res.status === 'number' && res.status < 300) s.ms.push(res.ms);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      console.log(`\n${connections} connections (${elapsed.toFixed(1)} s)`);
      console.log(
        `${'route'.padEnd(24)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}` +
          `${'non-2xx'.padStart(9)}${'409'.padStart(6)}${'429'.padStart(6)}${'timeouts'.padStart(10)}${'errors'.padStart(8)}`,
      );
      for (const [route, s] of stats) {
        const sorted = s.ms.sort((a, b) => a - b);
        let total = 0;
        let non2xx = 0;
        for (const [code, n] of s.codes) {
          total += n;
          if (typeof code === 'number' && code >= 300 && code !== 409 && code !== 429) non2xx += n;
        }
        const f = (v) => (Number.isNaN(v) ? '-' : v.toFixed(0)).padStart(9);
        console.log(
          `${route.name.padEnd(24)}${(total / elapsed).toFixed(0).padStart(8)}${f(percentile(sorted, 50))}${f(percentile(sorted, 95))}${f(percentile(sorted, 99))}${f(sorted.at(-1) ?? NaN)}` +
            `${String(non2xx).padStart(9)}${String(s.codes.get(409) ?? 0).padStart(6)}${String(s.codes.get(429) ?? 0).padStart(6)}` +
            `${String(s.codes.get('timeout') ?? 0).padStart(10)}${String(s.codes.get('error') ?? 0).padStart(8)}`,
        );
        const odd = [...s.codes].filter(([c]) => typeof c === 'number' && c >= 300);
        if (odd.length)
          console.log(`${''.padEnd(24)}statuses: ${odd.map(([c, n]) => `${c}×${n}`).join(', ')}`);
      }
      // let the server drain before the next level
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    agent.destroy();
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(
      children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))),
    );
    await dropDatabase().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
