// The store the browser benches measure: the built storefront served by the real server on a fresh
// embedded PGlite database (seeded with the demo catalogue on start) in a temporary folder, on a
// free port; or a store that is already running, given with `--url`. Shared so that every browser
// bench measures the same thing the same way.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../shop.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The flags every bench gives the system Chromium: no sandbox (root in a container), no GPU, and
 * no background traffic (updates, field trials) that would land in a measurement. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The phone the browser benches load pages as: 390×844 CSS px, touch, 2× pixels. */
export const phoneContext = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** The value after `name` in argv (`--url http://…`), or undefined. */
export function argValue(name, argv = process.argv) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Builds the browser apps when stale and starts `apps/server/src/server.ts` on a temporary PGlite
 * folder. Resolves once the catalogue answers, with the base URL and a `stop()` that ends the
 * server and removes the folder (also run on Ctrl-C, so no server outlives its bench).
 */
export async function startStore({ label = 'bench', env = {} } = {}) {
  execFileSync(process.execPath, [join(root, 'scripts/ensure-web-build.mjs')], {
    stdio: 'inherit',
  });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `${label}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      // PGlite writes its folder until the process is gone
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // a loaded machine compiles the server with tsx slowly: allow two minutes
    await Promise.race([
      waitFor(`${baseUrl}/api/v1/products?limit=1`, { timeoutMs: 120_000 }),
      exited.then((code) => {
        throw new Error(`the store exited (code ${code}) before answering`);
      }),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}

/** `--url U`: that running store, stopped by nobody; otherwise a store of our own. */
export async function storeFromArgs({ label } = {}) {
  const url = argValue('--url');
  if (url) return { baseUrl: url.replace(/\/+$/, ''), stop: async () => {} };
  return startStore({ label });
}

/**
 * The four pages the issue 14 budgets are about: home, the listing, search results and a product
 * page. The product is the catalogue's first, looked up in the store measured (ids differ per
 * database).
 */
export async function storefrontPages(baseUrl) {
  const res = await fetch(`${baseUrl}/api/v1/products?limit=1`);
  if (!res.ok) throw new Error(`GET /api/v1/products?limit=1 answered ${res.status}`);
  const id = (await res.json()).data?.[0]?.id;
  if (!id) throw new Error('the store has no products to measure a product page with');
  return [
    { name: 'home', path: '/' },
    { name: 'listing', path: '/products' },
    // "pen" matches the demo catalogue's pens, pencils and ink
    { name: 'search', path: '/products?q=pen' },
    { name: 'product', path: `/product/${id}` },
  ];
}
