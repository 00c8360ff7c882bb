// API speed check (issue 2 item 7): GET /api/v1/products?page=1&limit=12 on the real server
// (embedded PGlite in a temporary DATA_DIR, seeded) against a bare Fastify route that sends a
// pre-serialized JSON body of the same size; prints req/s, p99 and the ratio.
// On two cores autocannon and a server fight for the CPU and one run swings by a third. So, where
// `taskset` exists, autocannon keeps the first core and the servers the last (each server then
// runs flat out and req/s measures the server, not the scheduler); the targets are measured in
// alternating rounds, each reported by its median round; and the servers' own CPU time per
// request (from /proc) is printed beside req/s, as the figure least moved by a noisy machine.
//   node bench/api.mjs   (env: BENCH_SECONDS=5 per round, BENCH_ROUNDS=3, BENCH_CONNECTIONS=20,
//                         BENCH_PIN=0 to let the scheduler place the processes)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './shop.mjs';
import { loadRound, pin, serverCore, startPinned } from './process-cpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const path = '/api/v1/products?page=1&limit=12';
const children = [];

function start(args, env) {
  const child = startPinned(root, args, env);
  children.push(child);
  return child;
}

const run = (url, headers = {}, duration = seconds, pid) =>
  loadRound({ url, headers, connections, duration, pid });

const bareServerSource = `
import Fastify from 'fastify';
const body = process.env.BENCH_BODY;
const headers = JSON.parse(process.env.BENCH_HEADERS);
const app = Fastify();
app.get('/static', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/static-headers', (_req, reply) =>
  reply.headers(headers).type('application/json; charset=utf-8').send(body),
);
await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
`;

// What the API sends besides the body and the headers every Fastify reply has.
const sameEverywhere = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
]);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
try {
  // what production runs: the compiled server (built first when missing or stale), one process
  // so its CPU time can be read
  execFileSync(process.execPath, [join(root, 'scripts/ensure-server-build.mjs')], {
    stdio: 'inherit',
  });
  const apiServer = start(['apps/server/dist/server.js'], {
    PORT: '3911',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  const apiUrl = `http://127.0.0.1:3911${path}`;
  // as autocannon asks: uncompressed
  const apiRes = await waitFor(apiUrl, { headers: { 'accept-encoding': 'identity' } });
  const body = await apiRes.text();
  const apiHeaders = Object.fromEntries(
    [...apiRes.headers].filter(([name]) => !sameEverywhere.has(name)),
  );

  const bareServer = start(['--input-type=module', '-e', bareServerSource], {
    BENCH_PORT: '3912',
    BENCH_BODY: body,
    BENCH_HEADERS: JSON.stringify(apiHeaders),
  });
  const targets = [
    { name: `GET ${path}`, url: apiUrl, pid: apiServer.pid },
    { name: 'bare Fastify static JSON', url: 'http://127.0.0.1:3912/static', pid: bareServer.pid },
    {
      name: '  the same, with the API headers',
      url: 'http://127.0.0.1:3912/static-headers',
      pid: bareServer.pid,
    },
  ];
  for (const t of targets) t.bytes = (await (await waitFor(t.url)).text()).length;
  // what a browser asks: the body comes compressed (from the cache's compressed copy)
  targets.push({
    name: 'the API, as a browser asks (br)',
    url: apiUrl,
    pid: apiServer.pid,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    bytes: Number(
      (await waitFor(apiUrl, { headers: { 'accept-encoding': 'br' } })).headers.get(
        'content-length',
      ),
    ),
  });

  // warm-up so every target runs with a hot JIT and a filled cache
  for (const t of targets) await run(t.url, t.headers, 2, t.pid);
  for (const t of targets) t.runs = [];
  for (let i = 0; i < rounds; i++) {
    for (const t of targets) t.runs.push(await run(t.url, t.headers, seconds, t.pid));
  }
  for (const t of targets) {
    t.median = [...t.runs].sort((a, b) => a.requests.average - b.requests.average)[
      Math.floor(t.runs.length / 2)
    ];
    t.cpuMedian = [...t.runs.map((r) => r.cpuMicros)].sort((a, b) => a - b)[
      Math.floor(t.runs.length / 2)
    ];
  }

  const rate = (r) => Math.round(r.requests.average);
  console.log(
    `autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s each, median round; ` +
      (pin
        ? `autocannon on core 0, servers on core ${serverCore}`
        : 'processes placed by the scheduler'),
  );
  console.log(`API headers beyond a bare reply: ${Object.keys(apiHeaders).join(', ')}`);
  for (const t of targets) {
    console.log(
      `${t.name.padEnd(38)} ${String(rate(t.median)).padStart(7)} req/s   p99 ${String(t.median.latency.p99).padStart(3)} ms   ` +
        `server CPU ${t.cpuMedian.toFixed(1).padStart(5)} µs/req   ${t.bytes} bytes   ` +
        `errors ${t.median.errors + t.median.non2xx}   (rounds: ${t.runs.map(rate).join(', ')})`,
    );
  }
  const [api, bare, bareWithHeaders] = targets.map((t) => t.median.requests.average);
  const [apiCpu, bareCpu, bareWithHeadersCpu] = targets.map((t) => t.cpuMedian);
  console.log(
    `ratio (api / bare req/s): ${(api / bare).toFixed(2)}x  (target >= 0.85x); ` +
      `against the bare route with the same headers: ${(api / bareWithHeaders).toFixed(2)}x`,
  );
  console.log(
    `ratio by server CPU per request (bare / api): ${(bareCpu / apiCpu).toFixed(2)}x; ` +
      `with the same headers: ${(bareWithHeadersCpu / apiCpu).toFixed(2)}x`,
  );
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
