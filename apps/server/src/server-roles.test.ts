import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { env } from './env';
import { spawnSourceServer } from './test/source-server';

/**
 * ROLE=web and ROLE=worker as an operator runs them: real server processes on one PostgreSQL, the
 * web process queueing a password-reset e-mail it never sends, the worker sending it.
 */
const base = env.TEST_DATABASE_URL;
const database = `${base ? new URL(base).pathname.slice(1) : 'none'}_roles`;
const databaseUrl = base ? Object.assign(new URL(base), { pathname: `/${database}` }).href : '';
const children: ChildProcess[] = [];
/** Recipients of every message the SMTP catcher accepted. */
const delivered: string[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume().on('end', () => {
      delivered.push(...session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!base) return;
  await admin(`drop database if exists "${database}" with (force)`);
  await admin(`create database "${database}"`);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (!base) return;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await admin(`drop database if exists "${database}" with (force)`);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the server (TypeScript source) with a ROLE; resolves with its URL once /readyz says 200. */
async function startServer(role: 'web' | 'worker'): Promise<string> {
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const { child, output } = spawnSourceServer({
    ROLE: role,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'role-test-secret-role-test-secret-0123',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    REDIS_URL: '',
    WEB_DIST_DIR: '/nonexistent-web',
    ADMIN_DIST_DIR: '/nonexistent-admin',
    SHUTDOWN_DRAIN_MS: '0',
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    const ready =
      url &&
      (await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ready && output().includes(`started as ROLE=${role}`)) return url;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`ROLE=${role} did not start: ${output()}`);
    await sleep(200);
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it.runIf(Boolean(base))(
  'a web process queues e-mail but sends none; a worker sends it and serves no shop',
  { timeout: 120_000 },
  async () => {
    const web = await startServer('web');
    const email = 'roles@example.in';
    const registered = await post(`${web}/api/v1/users/register`, {
      email,
      password: 'correct horse battery staple',
      firstName: 'Asha',
      lastName: 'Rao',
    });
    expect(registered.status).toBe(201);
    expect((await post(`${web}/api/v1/users/forgot-password`, { email })).status).toBe(202);
    // longer than a worker's polling (2 s) and its wake-up: a web process that ran jobs would have sent it
    await sleep(5000);
    expect(delivered).toEqual([]);

    const worker = await startServer('worker');
    const deadline = Date.now() + 30_000;
    while (!delivered.includes(email) && Date.now() < deadline) await sleep(200);
    expect(delivered).toEqual([email]);

    const shop = await fetch(`${worker}/api/v1/products`);
    expect(shop.status).toBe(404);
    expect(await shop.json()).toMatchObject({ code: 'worker_only' });
    expect((await fetch(`${worker}/healthz`)).status).toBe(200);
  },
);
