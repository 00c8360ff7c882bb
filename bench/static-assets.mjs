// Built files sent as the build compressed them vs compressed per request (issue 14): the
// storefront's entry script, as a browser asks for it (br), from two servers: one given the web
// build with its .br/.gz copies (scripts/vite-precompress.ts), one a copy of the same build without
// them, so @fastify/compress brotli-compresses the script on every request. Also a product SVG by
// its hashed name (media/site-images.ts). Prints req/s and the server's CPU per request (from
// /proc), median of alternating rounds; pinned as bench/api.mjs (autocannon on core 0).
//   node bench/static-assets.mjs   (needs apps/web/dist: npm run build, or BENCH_WEB_DIST=<a build>;
//                                   env: BENCH_SECONDS=5, BENCH_ROUNDS=3, BENCH_CONNECTIONS=10)
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds, pin, serverCore } from './process-cpu.mjs';
import { waitFor } from './shop.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const children = [];
const scratch = mkdtempSync(join(tmpdir(), 'bench-static-'));

function startServer(name, port, webDist) {
  const args = ['--import', 'tsx', 'apps/server/src/server.ts'];
  const [command, argv] = pin
    ? ['taskset', ['-c', serverCore, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, argv, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, `data-${name}`),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
      ADMIN_DIST_DIR: join(scratch, 'no-admin'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

function run(url, pid) {
  const before = cpuSeconds(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url, headers: browser, connections, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      resolve({
        rate: result.requests.average,
        cpuMicros: ((cpuSeconds(pid) - before) * 1e6) / result.requests.total,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

/** The encoding and bytes of an answer as sent (fetch would hand back the body decoded). */
const sent = (url) =>
  new Promise((resolve, reject) => {
    get(url, { headers: browser }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes }));
    }).on('error', reject);
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const webDist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
  const entry = readdirSync(join(webDist, 'assets')).find((f) => /^index-.*\.js$/.test(f));
  if (!entry) throw new Error('no apps/web/dist/assets/index-*.js: run npm run build first');
  // the same build without its compressed copies
  const plainDist = join(scratch, 'web-plain');
  cpSync(webDist, plainDist, {
    recursive: true,
    filter: (src) => !src.endsWith('.br') && !src.endsWith('.gz'),
  });
  const pre = startServer('pre', 3921, webDist);
  const plain = startServer('plain', 3922, plainDist);
  const script = `/assets/${entry}`;
  await waitFor(`http://127.0.0.1:3921${script}`, { timeoutMs: 180_000 });
  await waitFor(`http://127.0.0.1:3922${script}`, { timeoutMs: 180_000 });
  const products = await (await waitFor('http://127.0.0.1:3921/api/v1/products?limit=1')).json();
  const art = products.data[0].imgUrl;

  const targets = [
    { name: `${entry}, precompressed`, url: `http://127.0.0.1:3921${script}`, pid: pre.pid },
    { name: `${entry}, per request`, url: `http://127.0.0.1:3922${script}`, pid: plain.pid },
    { name: `${art.split('/').pop()}`, url: `http://127.0.0.1:3921${art}`, pid: pre.pid },
  ];
  for (const t of targets) {
    Object.assign(t, await sent(t.url));
    t.runs = [];
    await run(t.url, t.pid); // warm-up
  }
  for (let i = 0; i < rounds; i++) for (const t of targets) t.runs.push(await run(t.url, t.pid));
  console.log(
    `autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, median; ` +
      (pin ? `autocannon on core 0, servers on core ${serverCore}` : 'not pinned'),
  );
  for (const t of targets) {
    console.log(
      `${t.name.padEnd(44)} ${String(Math.round(median(t.runs.map((r) => r.rate)))).padStart(6)} req/s   ` +
        `server CPU ${(median(t.runs.map((r) => r.cpuMicros)) / 1000).toFixed(2).padStart(6)} ms/req   ` +
        `${t.encoding} ${t.bytes} bytes   errors ${t.runs.reduce((n, r) => n + r.errors, 0)}   ` +
        `(rounds: ${t.runs.map((r) => Math.round(r.rate)).join(', ')})`,
    );
  }
} finally {
  for (const child of children) child.kill();
  rmSync(scratch, { recursive: true, force: true });
}
