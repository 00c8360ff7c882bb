#!/usr/bin/env node
// CI's stand-in for the container (.ci/run): the compiled server, as the Dockerfile's CMD runs it
// (`node apps/server/dist/server.js`, NODE_ENV=production, no tsx), on the PostgreSQL database
// given as the first argument. Passes when /healthz and /readyz answer 200 and SIGTERM stops it
// with exit code 0 within a minute; otherwise prints the server's output and exits 1.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('usage: node scripts/check-compiled-server.mjs postgres://…/<database>');
  process.exit(2);
}

const childEnv = { ...process.env };
// nothing may slip TypeScript support in through the environment
delete childEnv.NODE_OPTIONS;
for (const k of ['PAYU_KEY', 'PAYU_SALT', 'S3_BUCKET', 'REDIS_URL', 'ROLE']) delete childEnv[k];
Object.assign(childEnv, {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  SHUTDOWN_DRAIN_MS: '0',
  // the settings live mode refuses to start without (modules/payments/live-mode.ts)
  JWT_SECRET: 'ci-compiled-server-check-0123456789abcdef',
  PAYMENT_METHODS: 'upi_qr',
  UPI_VPA: 'ci-shop@okaxis',
  PUBLIC_BASE_URL: 'https://shop.example.in',
  SMTP_URL: 'smtp://127.0.0.1:1',
});

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  env: childEnv,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));

function fail(message) {
  console.error(`[compiled server] ${message}\n${output}`);
  if (server.exitCode === null) server.kill('SIGKILL');
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const status = (url, headers = {}) =>
  fetch(url, { headers }).then(
    (r) => r.status,
    () => 0,
  );

const deadline = Date.now() + 60_000;
let origin;
for (;;) {
  origin ??= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  if (origin && (await status(`${origin}/readyz`)) === 200) break;
  if (server.exitCode !== null) fail(`exited with ${server.exitCode} before it was ready`);
  if (Date.now() > deadline) fail('not ready within 60 s');
  await sleep(250);
}
const health = await status(`${origin}/healthz`);
if (health !== 200) fail(`/healthz answered ${health}`);
console.log(`[compiled server] ${origin}: /healthz 200, /readyz 200 (NODE_ENV=production)`);
// production without SEED_DEMO: the store's own row and no products; the shop must open, empty
for (const path of ['/', '/api/v1/storeInfo', '/api/v1/products']) {
  // a page is answered to a browser's navigation (Accept: text/html)
  const answer = await status(`${origin}${path}`, { accept: 'text/html' });
  if (answer !== 200) fail(`${path} answered ${answer} on a new production database`);
}
console.log(
  '[compiled server] a new production database opens an empty shop: /, storeInfo, products 200',
);

server.kill('SIGTERM');
const code = await Promise.race([exited, sleep(30_000).then(() => 'timeout')]);
if (code !== 0) fail(`SIGTERM: exit ${code}, expected 0`);
console.log('[compiled server] stopped on SIGTERM with exit code 0');
