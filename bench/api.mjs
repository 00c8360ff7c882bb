// API speed check (issue 2 item 7): GET /api/v1/products?page=1&limit=12 on the real server
// (embedded PGlite in a temporary DATA_DIR, seeded) against a bare Fastify route that sends a
// pre-serialized JSON body of the same size. One autocannon run each; prints req/s, p99 and the ratio.
//   node bench/api.mjs            (env: BENCH_SECONDS=10, BENCH_CONNECTIONS=20)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const path = '/api/v1/products?page=1&limit=12';
const children = [];

function start(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const bareServer = `
import Fastify from 'fastify';
const body = process.env.BENCH_BODY;
const app = Fastify();
app.get('/static', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
try {
  start([join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/server.ts'], {
    PORT: '3911',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  const apiUrl = `http://127.0.0.1:3911${path}`;
  const body = await (await waitFor(apiUrl)).text();

  start(['--input-type=module', '-e', bareServer], { BENCH_PORT: '3912', BENCH_BODY: body });
  const bareUrl = 'http://127.0.0.1:3912/static';
  const bareBody = await (await waitFor(bareUrl)).text();

  // short warm-up so both run with a hot JIT and a filled cache
  await Promise.all([
    autocannon({ url: apiUrl, connections, duration: 2 }),
    autocannon({ url: bareUrl, connections, duration: 2 }),
  ]);
  const api = await run(apiUrl);
  const bare = await run(bareUrl);

  const row = (name, r, bytes) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   ${bytes} bytes   errors ${r.errors + r.non2xx}`;
  console.log(`autocannon, ${connections} connections, ${seconds} s each`);
  console.log(row(`GET ${path}`, api, body.length));
  console.log(row('bare Fastify static JSON', bare, bareBody.length));
  console.log(
    `ratio (api / bare req/s): ${(api.requests.average / bare.requests.average).toFixed(2)}x  (target >= 0.85x)`,
  );
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
