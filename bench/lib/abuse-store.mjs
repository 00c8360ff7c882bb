// A freshly started store for the attack benches (`npm start`'s defaults: embedded PGlite, the demo
// payment methods, API only), its API as a shopper's or an attacker's client calls it, and shoppers
// who each come from an address of their own (TRUST_PROXY=1 and X-Forwarded-For), as on a sale day.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../shop.mjs';

/** Starts the server of the checkout at `root`; `stop()` ends it and removes its data folder. */
export async function startAbuseStore(root, { name = 'abuse', env = {} } = {}) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `store-${name}-`));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/server.ts')],
    {
      cwd: join(root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        REDIS_URL: '',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  /** Ends the server and, once it has exited (its database closed), removes its data folder. */
  const stop = async () => {
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };

  let ipCounter = 0;
  const freshIp = () =>
    `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

  async function api(path, { method = 'GET', body, token, ip = '10.255.0.1', headers = {} } = {}) {
    const res = await fetch(base + path, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // an HTML page
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  /** A new account, signed in from an address of its own. */
  async function shopper() {
    const ip = freshIp();
    const email = `buyer.${randomUUID().slice(0, 8)}@example.in`;
    const password = 'correct-horse-9';
    const reg = await api('/api/v1/users/register', {
      method: 'POST',
      ip,
      body: { email, password, firstName: 'Asha', lastName: 'Verma' },
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
    const login = await api('/api/v1/users/authorize', {
      method: 'POST',
      ip,
      body: { email, password },
    });
    return { ip, email, password, token: login.json.token };
  }

  try {
    await waitFor(`${base}/api/v1/products?limit=1`, { timeoutMs: 90_000 });
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, port, dataDir, api, shopper, freshIp, stop };
}

/** Products that need no size or colour choice and are not sold out (older builds: no variants). */
export function simpleProducts(list) {
  return list.filter((p) =>
    p.variants
      ? p.variants.length === 0 && p.availability.status !== 'sold_out'
      : !p.attributes.some((a) => /^(size|colou?r)$/i.test(a.key)),
  );
}

/** Prints [label, figure] rows as two aligned columns. */
export function printRows(results) {
  const width = Math.max(...results.map(([k]) => k.length));
  for (const [k, v] of results) console.log(`${k.padEnd(width)}  ${v}`);
}
