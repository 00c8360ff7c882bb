// GET /orders with a long order history (issue 10 item 7): one shopper with 500 orders of three
// lines each, on the real server (embedded PGlite in a temporary DATA_DIR, seeded); prints req/s,
// p99 and the server's CPU time per call for GET /orders (no parameters) and for one page of 10.
// As bench/api.mjs: where `taskset` exists autocannon keeps the first core and the server the
// last, and the server's own CPU time (from /proc) is the figure least moved by a noisy machine.
//   node bench/orders-list.mjs   (env: BENCH_SECONDS=5, BENCH_CONNECTIONS=10, BENCH_ORDERS=500,
//                                 BENCH_ROOT=<another checkout> to measure older code, BENCH_PIN=0)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { shippingAddress, waitFor } from './shop.mjs';
import { cpuSeconds, pin, serverCore } from './process-cpu.mjs';

const root = process.env.BENCH_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const orderCount = Number(process.env.BENCH_ORDERS ?? 500);
const port = 3912;
const base = `http://127.0.0.1:${port}/api/v1`;

async function api(method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/**
 * Fair stock (issue 23) caps a shopper's unpaid orders (3 by default): an owner made with the
 * store CLI lifts the caps in Store settings, so one shopper can hold the bench's long history.
 * Older code has no such settings and is left as it is.
 */
async function liftFairStockCaps() {
  const owner = { email: `bench.owner.${Date.now()}@example.in`, password: 'bench owner password' };
  const cli = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/store.ts',
      'staff',
      'add',
      '--email',
      owner.email,
      '--password',
      owner.password,
      '--role',
      'owner',
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'inherit' },
  );
  const code = await new Promise((resolve) => cli.on('exit', resolve));
  if (code !== 0) throw new Error(`store staff add exited with ${code}`);
  const session = await api('POST', '/admin/session', { body: owner });
  const token = session.json?.token;
  if (!token) throw new Error(`owner sign-in failed: ${session.status}`);
  const { json } = await api('GET', '/admin/settings', { token });
  if (json?.settings?.maxOpenOrders === undefined) return;
  const lifted = { ...json.settings, maxOpenOrders: 1_000, maxHeldUnits: 10_000 };
  const saved = await api('PUT', '/admin/settings', { token, body: lifted });
  if (saved.status !== 200) throw new Error(`settings not saved: ${saved.status}`);
}

/** One shopper with `orderCount` orders of three lines, placed through the API. */
async function shopperWithOrders() {
  const user = {
    email: `bench.${Date.now()}@example.in`,
    password: 'correct-horse-9',
    firstName: 'Asha',
    lastName: 'Verma',
  };
  await api('POST', '/users/register', { body: user });
  const login = await api('POST', '/users/authorize', {
    body: { email: user.email, password: user.password },
  });
  const { json } = login;
  if (!json?.token) throw new Error(`login failed: ${login.status} ${JSON.stringify(json)}`);
  const token = json.token;
  // one choice per in-stock variant (older code knows no stock: one per product, no choice)
  let pool = (await api('GET', '/products?limit=100')).json.data.flatMap((p) =>
    !p.variants
      ? [{ productId: p.id }]
      : p.variants.length === 0
        ? p.availability.status === 'sold_out'
          ? []
          : [{ productId: p.id }]
        : p.variants
            .filter((v) => v.availability.status !== 'sold_out')
            .map((v) => ({
              productId: p.id,
              ...(v.size ? { size: v.size } : {}),
              ...(v.color ? { color: v.color } : {}),
            })),
  );
  let placed = 0;
  let next = 0;
  const worker = async () => {
    while (placed < orderCount) {
      if (pool.length < 3) throw new Error('ran out of stock for the bench orders');
      const lines = [0, 1, 2].map((k) => ({ ...pool[(next + k) % pool.length], quantity: 1 }));
      next += 3;
      const products = {};
      for (const l of lines) products[l.productId] = (products[l.productId] ?? 0) + 1;
      const res = await api('POST', '/orders', {
        token,
        body: { products, lines, shippingAddress },
      });
      if (res.status === 201) placed++;
      else if (res.status === 409) {
        const short = Object.keys(res.json.fields ?? {}).map((f) => lines[Number(f.split('.')[1])]);
        pool = pool.filter(
          (c) =>
            !short.some(
              (l) => l && l.productId === c.productId && l.size === c.size && l.color === c.color,
            ),
        );
      } else throw new Error(`order failed: ${res.status} ${JSON.stringify(res.json)}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return token;
}

function measure(url, token, pid) {
  const before = cpuSeconds(pid);
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (err, result) => {
        if (err) return reject(err);
        const calls = result.requests.total;
        resolve({
          reqPerSec: Math.round(result.requests.average),
          p99ms: result.latency.p99,
          cpuMsPerCall: (((cpuSeconds(pid) - before) * 1000) / calls).toFixed(2),
          non2xx: result.non2xx,
          bytes: Math.round(result.throughput.total / Math.max(calls, 1)),
        });
      },
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
const args = ['--import', 'tsx', 'apps/server/src/server.ts'];
const server = spawn(
  pin ? 'taskset' : process.execPath,
  pin ? ['-c', serverCore, process.execPath, ...args] : args,
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
try {
  await waitFor(`${base}/products?limit=1`);
  await liftFairStockCaps();
  const token = await shopperWithOrders();
  console.log(`code: ${root}; ${orderCount} orders of 3 lines; ${connections} connections`);
  for (const path of ['/orders', '/orders?page=1&limit=10']) {
    await measure(`${base}${path}`, token, server.pid); // warm-up
    const r = await measure(`${base}${path}`, token, server.pid);
    console.log(
      `GET ${path.padEnd(24)} ${String(r.reqPerSec).padStart(6)} req/s  p99 ${r.p99ms} ms  ` +
        `CPU ${r.cpuMsPerCall} ms/call  ${r.bytes} B/response  non-2xx ${r.non2xx}`,
    );
  }
} finally {
  server.kill();
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
