// Rendered pages' speed (issue 25 item 5): on one process of the compiled server (embedded PGlite in a
// temporary DATA_DIR, seeded), the throughput of the storefront's public pages served from the
// rendered-page cache (home, the listing, a search, a product page) against the cached
// GET /api/v1/products, both as a browser asks (br); and the CPU one uncached render costs (ms of
// the server process's CPU per page, a second server with PAGE_CACHE_TTL_MS=0, requests one at a
// time so that none is shed to client rendering).
// As bench/api.mjs: the load generator on the first core and the servers on the last (where `taskset`
// exists), targets in alternating rounds, each reported by its median round, and the server's CPU
// per request beside req/s.
//   node bench/pages.mjs   (env: BENCH_SECONDS=5 per round, BENCH_ROUNDS=3, BENCH_CONNECTIONS=20,
//                           BENCH_RENDERS=30 uncached renders per page, BENCH_PIN=0,
//                           BENCH_CLIENT=wrk|autocannon: wrk when installed, see process-cpu.mjs)
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './shop.mjs';
import {
  cpuSeconds,
  hasWrk,
  loadRound,
  pin,
  serverCore,
  startPinned,
  wrkRound,
} from './process-cpu.mjs';
import { freePort, storefrontPages } from './lib/store-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const renders = Number(process.env.BENCH_RENDERS ?? 30);
const apiPath = '/api/v1/products?page=1&limit=12';
const sameSizePath = '/api/v1/products?page=1&limit=36';
// what a browser sends on a navigation
const browser = { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };
const children = [];
const dataDirs = [];

async function start(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  dataDirs.push(dataDir);
  const child = startPinned(root, ['apps/server/dist/server.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  });
  children.push(child);
  return { pid: child.pid, base: `http://127.0.0.1:${port}` };
}

// wrk where Debian's package is installed (apt-get install wrk): autocannon's own core, not the
// server, limits it on compressed bodies as large as a page (process-cpu.mjs wrkRound)
const client = process.env.BENCH_CLIENT ?? (hasWrk ? 'wrk' : 'autocannon');
const run = (url, headers, duration, pid) =>
  (client === 'wrk' ? wrkRound : loadRound)({ url, headers, connections, duration, pid });

/** The bytes of an answer as sent (compressed, not decoded as fetch would) and its encoding. */
function sentSize(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rendered = (html) => html.includes('id="ssr-data"');

try {
  // what production runs: the built storefront (and its server renderer) and the compiled server
  execFileSync(process.execPath, [join(root, 'scripts/ensure-web-build.mjs')], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, [join(root, 'scripts/ensure-server-build.mjs')], {
    stdio: 'inherit',
  });
  const cached = await start({});
  // every page rendered: nothing cached, nothing shed to the browser while measured
  const uncached = await start({ PAGE_CACHE_TTL_MS: '0', SHED_PAGE_RENDERS_WHEN_BUSY: 'false' });
  await waitFor(`${cached.base}${apiPath}`);
  await waitFor(`${uncached.base}${apiPath}`);
  const pages = await storefrontPages(cached.base);

  // uncached renders: one at a time, the server's CPU per page
  const renderCpu = [];
  for (const page of pages) {
    const url = `${uncached.base}${page.path}`;
    // warm-up: the JIT, the API's own cache the render reads through
    for (let i = 0; i < 5; i++) await (await fetch(url, { headers: browser })).text();
    const samples = [];
    let notRendered = 0;
    for (let i = 0; i < renders; i++) {
      const before = cpuSeconds(uncached.pid);
      const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
      samples.push((cpuSeconds(uncached.pid) - before) * 1000);
      if (!rendered(html)) notRendered++;
    }
    // /proc counts in clock ticks (10 ms): the mean of many requests, not a per-request median
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    renderCpu.push({ page, mean, notRendered });
  }

  const targets = [
    { name: `GET ${apiPath} (cached)`, url: `${cached.base}${apiPath}`, pid: cached.pid },
    // beside it, a cached API answer as large as a page's (br ~10 KB): what the bytes cost alone
    {
      name: `GET ${sameSizePath} (cached)`,
      url: `${cached.base}${sameSizePath}`,
      pid: cached.pid,
    },
    ...pages.map((p) => ({
      name: `page ${p.name} ${p.path.slice(0, 20)}`,
      url: `${cached.base}${p.path}`,
      pid: cached.pid,
      page: true,
    })),
  ];
  for (const t of targets) {
    await waitFor(t.url, { headers: browser });
    Object.assign(t, await sentSize(t.url, browser));
  }
  // warm-up so every target runs with a hot JIT and a filled cache
  for (const t of targets) await run(t.url, browser, 2, t.pid);
  // whether the pages under load went out rendered (not shed to client rendering)
  for (const t of targets.filter((x) => x.page)) {
    t.renderedAfterLoad = rendered(await (await fetch(t.url, { headers: browser })).text());
  }
  for (const t of targets) t.runs = [];
  for (let i = 0; i < rounds; i++) {
    for (const t of targets) t.runs.push(await run(t.url, browser, seconds, t.pid));
  }
  for (const t of targets) {
    t.median = [...t.runs].sort((a, b) => a.requests.average - b.requests.average)[
      Math.floor(t.runs.length / 2)
    ];
    t.cpuMedian = median(t.runs.map((r) => r.cpuMicros));
  }

  const rate = (r) => Math.round(r.requests.average);
  console.log(
    `${client}, ${connections} connections, ${rounds} alternating rounds of ${seconds} s each, median round, ` +
      `as a browser asks (accept-encoding br); ` +
      (pin
        ? `${client} on core 0, servers on core ${serverCore}`
        : 'processes placed by the scheduler'),
  );
  for (const t of targets) {
    console.log(
      `${t.name.padEnd(38)} ${String(rate(t.median)).padStart(7)} req/s   p99 ${String(t.median.latency.p99).padStart(4)} ms   ` +
        `server CPU ${t.cpuMedian.toFixed(1).padStart(6)} µs/req   ${t.bytes} bytes ${t.encoding}   ` +
        `errors ${t.median.errors + t.median.non2xx}   (rounds: ${t.runs.map(rate).join(', ')})` +
        (t.page && !t.renderedAfterLoad ? '   NOT server-rendered' : ''),
    );
  }
  const [api] = targets;
  const pageTargets = targets.filter((t) => t.page);
  const ratios = pageTargets.map((t) => t.median.requests.average / api.median.requests.average);
  console.log(
    `ratio (page / API req/s): ${pageTargets
      .map((t, i) => `${t.name.split(' ')[1]} ${ratios[i].toFixed(2)}x`)
      .join(', ')}; lowest ${Math.min(...ratios).toFixed(2)}x (target >= 0.8x)`,
  );
  console.log(
    `ratio by server CPU per request (API / page): ${pageTargets
      .map((t) => `${t.name.split(' ')[1]} ${(api.cpuMedian / t.cpuMedian).toFixed(2)}x`)
      .join(', ')}`,
  );
  console.log(`uncached render, server CPU per page (mean of ${renders}, one at a time):`);
  for (const { page, mean, notRendered } of renderCpu) {
    console.log(
      `  ${page.name.padEnd(8)} ${mean.toFixed(1).padStart(5)} ms` +
        (notRendered ? `   (${notRendered} not server-rendered)` : ''),
    );
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
