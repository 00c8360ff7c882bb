import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnPort } from './test/shoppers';
import { signInStaff } from './test/staff';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  plainProducts,
  registerAndLogin,
  type TestApp,
} from './test/test-app';

/**
 * Every route of the app, and the pages' fallback, answers a percent-encoded path (/%61pi/…) and
 * an absolute-form request (GET http://localhost/api/…, which an HTTP/1.1 server must accept) as
 * it answers the plain path. Sent over a real socket: light-my-request (inject) rewrites an
 * absolute URL to its path before the app sees it, and the catalogue's cache front sits in front
 * of Fastify only on a listening server.
 */

interface Answer {
  status: number;
  body: string;
}

const HOST = 'localhost';

/** One request with the request line's target exactly as given. */
function send(
  origin: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method, path: target, headers: { host: HOST, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `/api/v1/x` with its first letter percent-encoded: `/%61pi/v1/x`; null when it has none. */
function percentEncoded(path: string): string | null {
  const i = path.search(/[a-z]/i);
  if (i < 0) return null;
  const hex = path.charCodeAt(i).toString(16).toUpperCase();
  return `${path.slice(0, i)}%${hex}${path.slice(i + 1)}`;
}

/**
 * The routes as the router holds them, from printRoutes' tree: each line is a node, indented four
 * characters per level, its text appended to its parent's path, with the methods it answers.
 */
function routesOf(tree: string): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(path);
    if (m[3]) routes.push({ path, methods: m[3].split(', ') });
  }
  return routes;
}

let t: TestApp;
let origin: string;
let samples: Record<string, string>;
let shopperToken: string;
let staffToken: string;

beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
  const admin = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  for (const dir of [web, admin]) {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>${dir}</title><div id="root"></div>`,
    );
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("hi")');
  }
  t = await createTestApp({ webDistDir: web, adminDistDir: admin });
  const shopper = await registerAndLogin(t.app);
  const order = await placeTestOrder(t.app, shopper.token, 1);
  const [product] = await plainProducts(t.app, 1);
  shopperToken = shopper.token;
  staffToken = (await signInStaff(t.app, t.db, 'owner')).token;
  samples = {
    id: product!.id,
    orderId: order.id,
    customerId: shopper.id,
    pin: '560038',
    part: '1',
    '*': 'assets/app-abc123.js',
  };
  origin = await listenOnPort(t.app);
}, 120_000);
afterAll(() => t.close());

/**
 * A route's pattern with its parameters filled in (an unknown name gets a harmless word): the
 * shipped art's route gets a picture that exists, other wildcards a built file.
 */
const concrete = (pattern: string) =>
  pattern
    .replace(/:([A-Za-z]+)/g, (_, name: string) => samples[name] ?? 'sample')
    .replace(/\*$/, () => (pattern === '/images/*' ? 'logo.svg' : samples['*']!));

/** GETs carry the credentials their area needs, so the handlers run; changes carry none. */
function headersFor(method: string, path: string): Record<string, string> {
  const headers: Record<string, string> = { accept: 'text/html, application/json' };
  if (method !== 'GET') return { ...headers, 'content-type': 'application/json' };
  if (path.startsWith('/api/v1/admin/')) return { ...headers, ...authHeader(staffToken) };
  return { ...headers, ...authHeader(shopperToken) };
}

/** Answers that change with every request (the metrics count the walk itself): status only. */
const LIVE_ANSWERS = new Set(['/metrics']);

describe('a URL in any spelling', () => {
  it('walks every route, and the pages, in each spelling: the same answer as the plain path, never a 500', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    // what the walk must cover, or it walks nothing: the API, the back office's API and pages
    expect(routes.length).toBeGreaterThan(60);
    const targets = routes.flatMap(({ path, methods }) =>
      methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: concrete(path) })),
    );
    // the pages' fallback (no route): an unknown API path, a back-office page, a storefront page
    for (const path of ['/api/v1/nope', '/admin/orders', '/products', '/cart'])
      targets.push({ method: 'GET', path });

    const differences: string[] = [];
    for (const { method, path } of targets) {
      const headers = headersFor(method, path);
      const body = method === 'GET' ? undefined : '{}';
      const plain = await send(origin, method, path, headers, body);
      if (plain.status >= 500) differences.push(`${method} ${path}: ${plain.status}`);
      const spellings = [percentEncoded(path), `http://${HOST}${path}`].filter(
        (s): s is string => s !== null,
      );
      for (const spelling of spellings) {
        const other = await send(origin, method, spelling, headers, body);
        if (other.status !== plain.status)
          differences.push(`${method} ${spelling}: ${other.status}, plain ${plain.status}`);
        else if (method === 'GET' && !LIVE_ANSWERS.has(path) && other.body !== plain.body)
          differences.push(`${method} ${spelling}: another body than the plain path's`);
      }
    }
    expect(differences).toEqual([]);
  }, 120_000);
});
