import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2eRoot, repoRoot } from './paths';

const READY_TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Build the web app once, the way `npm start` does (only when the build is missing or stale). */
function buildWebApp(): void {
  const script = resolve(repoRoot, 'scripts/ensure-web-build.mjs');
  const [cmd, args] = existsSync(script)
    ? ['node', [script]]
    : ['npm', ['run', 'build', '-w', 'apps/web']];
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    throw new Error(
      `Building the web app failed: \`${cmd} ${args.join(' ')}\` exited with ${result.status}`,
    );
  }
  console.log(`[e2e] web app ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

async function waitUntilReady(
  baseURL: string,
  server: ChildProcess,
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited: number | null | undefined;
  server.once('exit', (code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(
        `The store server exited (code ${exited}) before it was ready. Its output:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/v1/storeInfo`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The store server did not answer GET /api/v1/storeInfo within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${tail(logFile)}`,
  );
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (server.exitCode !== null || server.pid === undefined) return done();
    const pid = server.pid;
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
      done();
    }, 5_000);
    server.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      // The server runs in its own process group (tsx starts a child node): stop them all.
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

/** The credentials the store server and the fake providers share, new for every run. */
function providerCredentials() {
  const secret = () => randomBytes(12).toString('hex');
  return {
    razorpayKeyId: `rzp_test_${randomBytes(7).toString('hex')}`,
    razorpayKeySecret: secret(),
    razorpayWebhookSecret: secret(),
    shiprocketEmail: 'api-user@example.in',
    shiprocketPassword: secret(),
    shiprocketWebhookToken: secret(),
  };
}
type ProviderCredentials = ReturnType<typeof providerCredentials>;

/**
 * The fake Razorpay and Shiprocket (apps/server/src/test/run-fakes.ts, the API tests' own fakes)
 * in a process of their own: the journeys import nothing from the apps. It prints their URLs as
 * one line of JSON once they listen.
 */
async function startFakeProviders(
  credentials: ProviderCredentials,
  logFile: string,
): Promise<{ process: ChildProcess; razorpay: string; shiprocket: string }> {
  const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
  const fakes = spawn(tsx, ['src/test/run-fakes.ts'], {
    cwd: resolve(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      FAKE_RAZORPAY_KEY_ID: credentials.razorpayKeyId,
      FAKE_RAZORPAY_KEY_SECRET: credentials.razorpayKeySecret,
      FAKE_RAZORPAY_WEBHOOK_SECRET: credentials.razorpayWebhookSecret,
      FAKE_SHIPROCKET_EMAIL: credentials.shiprocketEmail,
      FAKE_SHIPROCKET_PASSWORD: credentials.shiprocketPassword,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  fakes.stderr?.pipe(log);
  try {
    const line = await new Promise<string>((done, fail) => {
      let out = '';
      const timer = setTimeout(() => fail(new Error('no URLs within 60 s')), 60_000);
      fakes.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) {
          clearTimeout(timer);
          done(out.split('\n')[0]!);
        }
      });
      fakes.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`exited with ${code}`));
      });
    });
    const urls = JSON.parse(line) as { razorpay: string; shiprocket: string };
    return { process: fakes, ...urls };
  } catch (error) {
    await stop(fakes);
    throw new Error(
      `The fake Razorpay and Shiprocket did not start (${(error as Error).message}):\n${tail(logFile)}`,
      { cause: error },
    );
  }
}

/** `npm run store -- staff add …` with the server's own environment; its output, or null when refused. */
function staffAdd(env: NodeJS.ProcessEnv, email: string, password: string, role: string) {
  const result = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'store',
      '--',
      'staff',
      'add',
      '--email',
      email,
      '--password',
      password,
      '--role',
      role,
    ],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 60_000 },
  );
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  return { ok: result.status === 0, output };
}

/**
 * The back office's people, made the way the "Done when" makes the first owner: the
 * operator CLI, with the server's DATA_DIR / DATABASE_URL and JWT_SECRET (it asks the running
 * server when that holds the embedded database). owner@example.com on a fresh database; a run
 * on a PostgreSQL database that already has it adds a run-unique owner instead (the password of
 * the earlier one is unknown). The credentials reach the workers through the environment.
 */
function makeStaff(env: NodeJS.ProcessEnv, runId: string): void {
  const password = `e2e-${randomBytes(9).toString('hex')}`;
  let ownerEmail = 'owner@example.com';
  let owner = staffAdd(env, ownerEmail, password, 'owner');
  if (!owner.ok && /already on the staff/.test(owner.output)) {
    ownerEmail = `owner-${runId}@example.com`;
    owner = staffAdd(env, ownerEmail, password, 'owner');
  }
  if (!owner.ok) throw new Error(`npm run store -- staff add (owner) failed:\n${owner.output}`);
  const staffEmail = `staff-${runId}@example.com`;
  const staff = staffAdd(env, staffEmail, password, 'staff');
  if (!staff.ok) throw new Error(`npm run store -- staff add (staff) failed:\n${staff.output}`);
  console.log(`[e2e] ${owner.output.split('\n').pop()}`);
  process.env.E2E_OWNER_EMAIL = ownerEmail;
  process.env.E2E_OWNER_PASSWORD = password;
  process.env.E2E_STAFF_EMAIL = staffEmail;
  process.env.E2E_STAFF_PASSWORD = password;
}

/**
 * One API session per role for the whole run, shared with every worker (E2E_OWNER_SESSION,
 * E2E_STAFF_SESSION; a session lasts 12 hours). Sign-in is rate-limited per address and account
 * as a shop's must be, and a run's many workers and journeys signing the same owner in each from
 * 127.0.0.1 went past it (429 "Too many attempts") once the journeys grew; the journeys about
 * signing in still sign in themselves.
 */
async function signInStaffOnce(baseURL: string): Promise<void> {
  for (const role of ['owner', 'staff'] as const) {
    const prefix = role === 'owner' ? 'E2E_OWNER' : 'E2E_STAFF';
    const res = await fetch(`${baseURL}/api/v1/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: process.env[`${prefix}_EMAIL`],
        password: process.env[`${prefix}_PASSWORD`],
      }),
    });
    if (res.status !== 200) throw new Error(`admin sign-in as ${role}: ${await res.text()}`);
    process.env[`${prefix}_SESSION`] = await res.text();
  }
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the server already running at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  buildWebApp();

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  const logFile = join(work, 'server.log');
  const databaseUrl = process.env.E2E_DATABASE_URL?.trim();
  // Serve a snapshot of the build: a rebuild of apps/web/dist during the run (npm start, another
  // run) would otherwise swap the hashed chunks under the open pages.
  const webDist = join(work, 'web');
  cpSync(resolve(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  // the storefront's server renderer, which the server finds beside the web build (../dist-ssr)
  cpSync(resolve(repoRoot, 'apps/web/dist-ssr'), join(work, 'dist-ssr'), { recursive: true });
  const adminDist = join(work, 'admin');
  cpSync(resolve(repoRoot, 'apps/admin/dist'), adminDist, { recursive: true });
  // Razorpay and Shiprocket against local fakes (e2e/tests/razorpay.spec.ts, shiprocket.spec.ts)
  const credentials = providerCredentials();
  const fakes = await startFakeProviders(credentials, join(work, 'fakes.log'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_BASE_URL: baseURL,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist,
    ADMIN_DIST_DIR: adminDist,
    // the API fixtures sign shoppers in each from its own address (X-Forwarded-For), as many
    // shoppers would; the browser's own requests carry none and count as 127.0.0.1
    TRUST_PROXY: '127.0.0.1',
    // the journeys read the server's HTML itself: two workers and the embedded database on one
    // loop must not have it send a page client-rendered for being busy
    SHED_PAGE_RENDERS_WHEN_BUSY: 'false',
  };
  // The demo store, as `npm start` runs it: NODE_ENV=production is live mode, which refuses the
  // sandbox gateway, UPI without the shop's own UPI_VPA and a plain-http PUBLIC_BASE_URL.
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  // the journeys read the e-mails in the demo outbox, which only exists without SMTP
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // The demo's methods (the other journeys choose them) and Razorpay, whose hosted checkout is
  // the fake's page; demo mode, so the live-mode checks of these variables do not apply.
  env.PAYMENT_METHODS = `${process.env.PAYMENT_METHODS || 'upi_qr,upi_app,gateway'},razorpay`;
  env.RAZORPAY_KEY_ID = credentials.razorpayKeyId;
  env.RAZORPAY_KEY_SECRET = credentials.razorpayKeySecret;
  env.RAZORPAY_WEBHOOK_SECRET = credentials.razorpayWebhookSecret;
  env.RAZORPAY_API_URL = fakes.razorpay;
  env.SHIPROCKET_EMAIL = credentials.shiprocketEmail;
  env.SHIPROCKET_PASSWORD = credentials.shiprocketPassword;
  env.SHIPROCKET_WEBHOOK_TOKEN = credentials.shiprocketWebhookToken;
  env.SHIPROCKET_API_URL = fakes.shiprocket;
  delete env.SHIPROCKET_PICKUP_LOCATION;

  const log = createWriteStream(logFile);
  const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
  const server = spawn(tsx, ['src/server.ts'], {
    cwd: resolve(repoRoot, 'apps/server'),
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const started = Date.now();
  try {
    await waitUntilReady(baseURL, server, logFile);
  } catch (error) {
    await stop(server);
    await stop(fakes.process);
    throw error;
  }
  const db = databaseUrl
    ? `PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})`
    : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(
    `[e2e] store server on ${baseURL}, ${db}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s; log: ${logFile}`,
  );

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_RUN_ID = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  // the journeys post Shiprocket's tracking webhooks as Shiprocket would, with the panel's token
  process.env.E2E_RAZORPAY_URL = fakes.razorpay;
  process.env.E2E_SHIPROCKET_URL = fakes.shiprocket;
  process.env.E2E_SHIPROCKET_WEBHOOK_TOKEN = credentials.shiprocketWebhookToken;

  try {
    makeStaff(env, process.env.E2E_RUN_ID);
    await signInStaffOnce(baseURL);
  } catch (error) {
    await stop(server);
    await stop(fakes.process);
    throw error;
  }

  return async () => {
    await stop(server);
    await stop(fakes.process);
    log.end();
    // Keep the server's output next to the test results (git-ignored) for failures.
    mkdirSync(join(e2eRoot, 'test-results'), { recursive: true });
    copyFileSync(logFile, join(e2eRoot, 'test-results', 'server.log'));
    if (process.env.E2E_KEEP_DATA) {
      console.log(`[e2e] kept the server folder ${work}`);
    } else {
      rmSync(work, { recursive: true, force: true });
    }
  };
}
