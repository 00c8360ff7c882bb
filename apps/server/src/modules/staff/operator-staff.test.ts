import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { seedCatalogue } from '../../db/seed';
import { serverRoot } from '../../env';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testJwtSecret,
  type TestApp,
} from '../../test/test-app';
import { STAFF_TEST_PASSWORD } from '../../test/staff';
import { signOperatorToken } from '../../lib/operator-token';

let t: TestApp;
let operator: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  operator = authHeader(await signOperatorToken(testJwtSecret));
});
afterAll(() => t.close());

describe('/operator/staff (the CLI when a server holds the database)', () => {
  it('refuses callers without the operator token', async () => {
    const shopper = await registerAndLogin(t.app);
    for (const headers of [{}, authHeader(shopper.token)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/operator/staff', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('adds, lists and disables on the default store, logged as the command line', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff',
      headers: operator,
      payload: { email: 'Packer@Example.com', password: STAFF_TEST_PASSWORD, role: 'staff' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ email: 'packer@example.com', role: 'staff' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/operator/staff',
      headers: operator,
    });
    expect(list.json().data.map((m: { email: string }) => m.email)).toContain('packer@example.com');

    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff/disable',
      headers: operator,
      payload: { email: 'packer@example.com' },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toMatchObject({ member: { disabled: true }, wasDisabled: false });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'packer@example.com', password: STAFF_TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('applies the API rules: 12 characters, one e-mail once, an enabled owner kept', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff',
      headers: operator,
      payload: { email: 'short@example.com', password: 'elevenchars', role: 'staff' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 12 characters');

    const payload = {
      email: 'only.owner@example.com',
      password: STAFF_TEST_PASSWORD,
      role: 'owner',
    };
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff',
      headers: operator,
      payload,
    });
    expect(owner.statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff',
      headers: operator,
      payload,
    });
    expect(again.statusCode).toBe(409);

    const last = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff/disable',
      headers: operator,
      payload: { email: 'only.owner@example.com' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatch(/needs an owner/);

    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operator/staff/disable',
      headers: operator,
      payload: { email: 'nobody@example.com' },
    });
    expect(nobody.statusCode).toBe(404);
  });
});

const run = promisify(execFile);

/** `npm run store -- ...` as the operator types it (the same node --import tsx), on a data folder. */
async function store(dataDir: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/store.ts', ...args],
      {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run store -- staff ...', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-cli-staff-'));
    const database = await openDatabase({ dataDir });
    await seedCatalogue(database.db);
    await database.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('works on the data folder when no server runs', async () => {
    const add = await store(dataDir, [
      'staff',
      'add',
      '--email',
      'owner@example.com',
      '--password',
      STAFF_TEST_PASSWORD,
      '--role',
      'owner',
    ]);
    expect(add).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Added owner@example.com as owner'),
    });
    // no terminal and no --password: refused, not hanging
    const noTty = await store(dataDir, [
      'staff',
      'add',
      '--email',
      'x@example.com',
      '--role',
      'staff',
    ]);
    expect(noTty.code).toBe(1);
    expect(noTty.stderr).toContain('needs --password');
    const last = await store(dataDir, ['staff', 'disable', '--email', 'owner@example.com']);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('The store needs an owner');
    const list = await store(dataDir, ['staff', 'list']);
    expect(list.stdout).toMatch(/owner@example\.com\s+owner\s+enabled/);
  }, 90_000);

  it('asks the running server that holds the data folder', async () => {
    // a server on this folder: its address file, and the JWT key both sides share
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const serverDir = mkdtempSync(join(tmpdir(), 'store-cli-remote-'));
    writeFileSync(
      join(serverDir, 'server.address.json'),
      JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}` }),
    );
    const env = { JWT_SECRET: new TextDecoder().decode(testJwtSecret) };
    try {
      const add = await store(
        serverDir,
        [
          'staff',
          'add',
          '--email',
          'remote@example.com',
          '--password',
          STAFF_TEST_PASSWORD,
          '--role',
          'staff',
        ],
        env,
      );
      expect(add.stdout).toContain('Added remote@example.com as staff');
      const list = await store(serverDir, ['staff', 'list'], env);
      expect(list.stdout).toMatch(/remote@example\.com\s+staff\s+enabled/);
      const twice = await store(
        serverDir,
        [
          'staff',
          'add',
          '--email',
          'remote@example.com',
          '--password',
          STAFF_TEST_PASSWORD,
          '--role',
          'staff',
        ],
        env,
      );
      expect(twice).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('already on the staff'),
      });
      const wrongKey = await store(serverDir, ['staff', 'list'], {
        JWT_SECRET: 'another-secret-another-secret-another',
      });
      expect(wrongKey).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Operator token'),
      });
    } finally {
      rmSync(serverDir, { recursive: true, force: true });
    }
    // the server's database has it, logged as the command line (a fresh operator token: the
    // file's own lives 60 s, which the command-line runs above can outlast on a loaded machine)
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v1/operator/staff',
      headers: authHeader(await signOperatorToken(testJwtSecret)),
    });
    expect(log.json().data.map((m: { email: string }) => m.email)).toContain('remote@example.com');
  }, 90_000);
});
