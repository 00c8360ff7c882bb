import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../db/schema';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';
import { env, readEnv } from '../env';
import { addStaff } from '../modules/staff/staff.service';
import { commandLineActor } from '../modules/activity/activity.service';
import { STAFF_TEST_PASSWORD } from '../test/staff';
import { createTestApp, registerAndLogin, type TestApp } from '../test/test-app';
import { authLimits, type RateLimitStoreOptions } from './rate-limit';

// In process always; in Redis too when the suite is given one (CI sets TEST_REDIS_URL).
const counts: [string, () => RateLimitStoreOptions][] = [['in process', () => ({})]];
if (env.TEST_REDIS_URL) {
  counts.push([
    'in Redis',
    () => ({
      redisUrl: env.TEST_REDIS_URL,
      nameSpace: `test-device-cookie:${randomUUID()}:`,
      // these tests count; a stall of a loaded machine is rate-limit-redis-stall.test.ts's subject
      redisDeadlineMs: 2_000,
    }),
  ]);
}

const OWNER_ADDRESS = '198.51.100.10';

/** The name=value of a response's Set-Cookie, as a browser would send it back ('' when none). */
function browserKeeps(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  return typeof header === 'string' ? header.split(';')[0]! : '';
}

/** The same, for tests about the cookie itself. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  expect(res.headers['set-cookie'], 'a device cookie is set').toBeTypeOf('string');
  return browserKeeps(res);
}

/** The two sign-ins: each is limited and remembers devices on its own. */
const signIns = [
  {
    name: "the shop's sign-in",
    url: '/api/v1/users/authorize',
    cookie: 'known_device',
    async account(t: TestApp, email = `owner-${randomUUID()}@example.in`) {
      const user = await registerAndLogin(t.app, { email });
      return { email: user.email, password: user.password };
    },
  },
  {
    name: "the back office's sign-in",
    url: '/api/v1/admin/session',
    cookie: 'known_staff_device',
    async account(t: TestApp, email = `owner-${randomUUID()}@example.com`) {
      await addStaff(t.db, commandLineActor(DEFAULT_STORE_ID), {
        email,
        password: STAFF_TEST_PASSWORD,
        role: 'owner',
      });
      return { email, password: STAFF_TEST_PASSWORD };
    },
  },
] as const;

describe.each(counts)('device cookies, attempts counted %s', (_name, countOptions) => {
  let t: TestApp;
  beforeAll(async () => {
    // behind a proxy, as a live store is: each stranger is an address of their own
    t = await createTestApp({
      rateLimits: countOptions(),
      trustProxy: readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY,
    });
  });
  afterAll(() => t.close());

  describe.each(signIns)('$name', (signIn) => {
    const attempt = (
      account: { email: string; password: string },
      address: string,
      cookie?: string,
      password = account.password,
    ) =>
      t.app.inject({
        method: 'POST',
        url: signIn.url,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
        payload: { email: account.email, password },
      });

    /** 20+ wrong passwords from 20+ addresses: the account is blocked for unknown devices. */
    const hammer = async (account: { email: string }, from = 1) => {
      const codes: number[] = [];
      for (let i = from; i <= authLimits.loginPerAccount.max + 2; i++) {
        codes.push(
          (await attempt({ ...account, password: `wrong-${i}` }, `192.0.2.${i}`)).statusCode,
        );
      }
      expect(codes.at(-1)).toBe(429);
    };

    it('sets an HttpOnly, SameSite=Strict cookie scoped to the sign-in that does not name the e-mail', async () => {
      const account = await signIn.account(t);
      const res = await attempt(account, OWNER_ADDRESS);
      expect(res.statusCode).toBe(200);
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(new RegExp(`^${signIn.cookie}=[^;]+;`));
      expect(header).toContain(`Path=${signIn.url}`);
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Strict');
      expect(header).toMatch(/Max-Age=31536000/);
      // http store: not Secure, or the browser would never send it back
      expect(header).not.toContain('Secure');
      expect(header.toLowerCase()).not.toContain(account.email.split('@')[0]!.toLowerCase());
      expect(header).not.toContain(encodeURIComponent(account.email));
      // a failed sign-in sets nothing
      const failed = await attempt({ ...account, password: 'not-it-1' }, OWNER_ADDRESS);
      expect(failed.statusCode).toBe(401);
      expect(failed.headers['set-cookie']).toBeUndefined();
    });

    it('lets the owner in from their own device while strangers hammer the account, and nobody else', async () => {
      const account = await signIn.account(t);
      // the owner signs in, and their browser keeps what the answer sets
      const known = browserKeeps(await attempt(account, OWNER_ADDRESS));
      await hammer(account);

      // the owner's browser, from their usual address: in, and given a fresh cookie
      const owner = await attempt(account, OWNER_ADDRESS, known);
      expect(owner.statusCode).toBe(200);
      expect(browserKeeps(owner)).not.toBe(known);
      // the right password from a device that never signed in: still slowed
      const newDevice = await attempt(account, OWNER_ADDRESS);
      expect(newDevice.statusCode).toBe(429);
      expect(newDevice.json().error).toMatch(/^Too many attempts\. Please wait \d+ minutes/);
    });

    it('counts a forged, another account’s or another store’s cookie as no cookie', async () => {
      const account = await signIn.account(t);
      const known = cookieOf(await attempt(account, OWNER_ADDRESS));
      const other = await signIn.account(t);
      const othersCookie = cookieOf(await attempt(other, '198.51.100.11'));
      await hammer(account);

      const [name, value] = known.split('=') as [string, string];
      const parts = value.split('.');
      const forgedMac = `${name}=${[...parts.slice(0, 3), parts[3]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))].join('.')}`;
      const forgedNonce = `${name}=${[...parts.slice(0, 2), 'AAAAAAAAAAAAAAAAAAAAAA', parts[3]].join('.')}`;
      for (const cookie of [forgedMac, forgedNonce, othersCookie, `${name}=garbage`]) {
        expect((await attempt(account, OWNER_ADDRESS, cookie)).statusCode, cookie).toBe(429);
      }

      // the same e-mail address in another store, signed in there from the same browser
      await t.db.insert(stores).values({
        id: 'device-second-store',
        domains: ['device-second.example'],
        storeName: 'Second Store',
        companyName: 'Second Co',
        companyAddress: 'Pune',
        companyEmail: 'hello@second.example',
        companyPhone: '+91 98765 43210',
      });
      t.app.catalogueChanged();
      try {
        const secondStore = { 'x-store-domain': 'device-second.example' };
        if (signIn.cookie === 'known_device') {
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/users/register',
            headers: secondStore,
            payload: { ...account, firstName: 'Asha', lastName: 'Verma' },
          });
        } else {
          await addStaff(t.db, commandLineActor('device-second-store'), {
            ...account,
            role: 'owner',
          });
        }
        const there = await t.app.inject({
          method: 'POST',
          url: signIn.url,
          remoteAddress: '10.0.0.1',
          headers: { ...secondStore, 'x-forwarded-for': OWNER_ADDRESS },
          payload: account,
        });
        expect(there.statusCode).toBe(200);
        expect((await attempt(account, OWNER_ADDRESS, cookieOf(there))).statusCode).toBe(429);
      } finally {
        await t.db.delete(stores).where(eq(stores.id, 'device-second-store'));
        t.app.catalogueChanged();
      }
      // while the owner's own cookie still works
      expect((await attempt(account, OWNER_ADDRESS, known)).statusCode).toBe(200);
    });

    it('blocks a device by its own failures (a stolen cookie cannot brute-force), and not the account', async () => {
      const account = await signIn.account(t);
      const stolen = cookieOf(await attempt(account, OWNER_ADDRESS));
      // from many addresses, so neither per-address limit is what stops it
      const codes: number[] = [];
      for (let i = 1; i <= authLimits.loginPerDevice.max; i++) {
        codes.push((await attempt(account, `203.0.113.${i}`, stolen, `wrong-${i}`)).statusCode);
      }
      expect(codes.every((c) => c === 401)).toBe(true);
      const blocked = await attempt(account, '203.0.113.200', stolen);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('Too many attempts. Please wait 15 minutes and try again.');
      // the device's guesses did not use up the account's attempts: other devices sign in
      expect((await attempt(account, OWNER_ADDRESS)).statusCode).toBe(200);
    });
  });
});

describe('device cookies on an https store', () => {
  it('are Secure', async () => {
    const t = await createTestApp({ publicBaseUrl: 'https://shop.example' });
    try {
      const user = await registerAndLogin(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/authorize',
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      // the token answer is unchanged: the cookie travels in a header
      expect(Object.keys(res.json())).toEqual(['token']);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await t.close();
    }
  });
});
