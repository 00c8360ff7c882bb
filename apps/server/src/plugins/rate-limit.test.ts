import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, readEnv } from '../env';
import { createTestApp, registerAndLogin, type TestApp } from '../test/test-app';
import { Redis } from 'ioredis';
import {
  authLimits,
  clientAddressKey,
  FallbackCounter,
  type RateLimitStoreOptions,
} from './rate-limit';

// In process always; in Redis too when the suite is given one (CI sets TEST_REDIS_URL).
const stores: [string, () => RateLimitStoreOptions][] = [['in process', () => ({})]];
if (env.TEST_REDIS_URL) {
  stores.push([
    'in Redis',
    () => ({
      redisUrl: env.TEST_REDIS_URL,
      nameSpace: `test-rate-limit:${randomUUID()}:`,
      // these tests count; a stall of a loaded machine is the Redis-away tests' subject
      redisDeadlineMs: 2_000,
    }),
  ]);
}

describe.each(stores)('attempts counted %s', (_name, storeOptions) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: storeOptions() });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      remoteAddress: ip,
      payload: { email, password },
    });

  it('stop one address guessing one password after the limit, with a clear message', async () => {
    const user = await registerAndLogin(t.app, { email: 'guessed@example.in' });
    for (let i = 0; i < authLimits.login.max; i++) {
      expect((await login(user.email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, 'wrong-again');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'Too many attempts. Please wait 5 minutes and try again.',
      code: 'rate_limited',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // even the right password waits: the guesser must not learn it by a 200
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    // the shopper on another network, and other shoppers here, are not locked out
    expect((await login(user.email, user.password, '198.51.100.20')).statusCode).toBe(200);
    expect((await login('someone.else@example.in', 'whatever1')).statusCode).toBe(401);
  });

  it('stop one address spraying one password over many accounts', async () => {
    const ip = '203.0.113.50';
    const codes: number[] = [];
    for (let i = 0; i < 150; i++) {
      codes.push((await login(`sprayed-${i}@example.in`, 'Password123', ip)).statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(authLimits.loginPerAddress.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(150 - authLimits.loginPerAddress.max);
    const blocked = await login('one-more@example.in', 'Password123', ip);
    expect(blocked.json()).toEqual({
      error: 'Too many attempts. Please wait 10 minutes and try again.',
      code: 'rate_limited',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    // shoppers elsewhere still log in
    const user = await registerAndLogin(t.app);
    expect((await login(user.email, user.password, '198.51.100.77')).statusCode).toBe(200);
  });

  it('stop many addresses guessing one account, and the owner too until the delay ends', async () => {
    const user = await registerAndLogin(t.app, {
      email: `botnet-target-${randomUUID()}@example.in`,
    });
    // every attempt counts, before the password is checked: registerAndLogin's login is the first
    for (let i = 1; i < authLimits.loginPerAccount.max; i++) {
      expect((await login(user.email, `wrong-${i}`, `192.0.2.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, user.password, '192.0.2.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // another account is not touched
    const other = await registerAndLogin(t.app);
    expect((await login(other.email, other.password, '192.0.2.200')).statusCode).toBe(200);
  });

  it('limit registrations per address', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        remoteAddress: '192.0.2.55',
        payload: {
          firstName: 'Flood',
          lastName: 'Test',
          email: `flood-${i}@example.in`,
          password: 'secret12',
        },
      });
    for (let i = 0; i < authLimits.register.max; i++) {
      expect((await register(i)).statusCode).toBe(201);
    }
    const blocked = await register(authLimits.register.max);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Too many attempts/);
  });
});

describe.each(stores)('growing blocks counted %s', (_name, storeOptions) => {
  it('double with each strike up to the cap, and always lift', async () => {
    const { redisUrl, nameSpace = '' } = storeOptions();
    const redis = redisUrl ? new Redis(redisUrl) : null;
    if (redis) await new Promise((resolve) => redis.once('ready', resolve));
    try {
      const counter = new FallbackCounter(redis as never, nameSpace);
      const limit = { max: 2, timeWindow: 150, maxBlockMs: 600 };
      const strike = async () => {
        expect((await counter.hit('k', limit)).current).toBe(1);
        expect((await counter.hit('k', limit)).current).toBe(2);
        const over = await counter.hit('k', limit);
        expect(over.current).toBeGreaterThan(limit.max);
        // while blocked, attempts are refused and do not make the block longer
        await new Promise((resolve) => setTimeout(resolve, 20));
        const again = await counter.hit('k', limit);
        expect(again.current).toBeGreaterThan(limit.max);
        expect(again.ttl).toBeLessThanOrEqual(over.ttl);
        await new Promise((resolve) => setTimeout(resolve, over.ttl + 20));
        return over.ttl;
      };
      const blocks = [await strike(), await strike(), await strike(), await strike()];
      expect(blocks.map((ms) => Math.round(ms / 50) * 50)).toEqual([150, 300, 600, 600]);
    } finally {
      redis?.disconnect();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  it('counts the shopper by X-Forwarded-For, not the proxy', async () => {
    const t = await createTestApp({ trustProxy: readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY });
    try {
      const login = (shopper: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/authorize',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': shopper },
          payload: { email: 'proxied@example.in', password: 'wrong-password' },
        });
      for (let i = 0; i < authLimits.login.max; i++)
        expect((await login('203.0.113.9')).statusCode).toBe(401);
      expect((await login('203.0.113.9')).statusCode).toBe(429);
      // another shopper behind the same proxy is not locked out
      expect((await login('198.51.100.4')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

/** A TCP port that accepts connections and never answers: a hung Redis or a half-open link. */
async function blackhole(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('with the configured Redis away', () => {
  it.each([
    ['refusing connections', async () => ({ url: 'redis://127.0.0.1:1', close: async () => {} })],
    ['accepting but never answering', blackhole],
  ])('%s, the store starts, shoppers log in at once and it shuts down', async (_name, redis) => {
    const { url, close } = await redis();
    const started = Date.now();
    const t = await createTestApp({ rateLimits: { redisUrl: url } });
    try {
      const user = await registerAndLogin(t.app);
      const loginStarted = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/authorize',
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      // argon2 takes tens of ms; a Redis wait would add its timeouts or hang for good
      expect(Date.now() - loginStarted).toBeLessThan(1500);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await t.close();
      await close();
    }
  });
});

describe('with the configured Redis refusing connections', () => {
  it('counts in this process: the limit still holds', async () => {
    const t = await createTestApp({ rateLimits: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const login = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/authorize',
          remoteAddress: '203.0.113.99',
          payload: { email: 'offline@example.in', password: 'wrong-password' },
        });
      for (let i = 0; i < authLimits.login.max; i++) expect((await login()).statusCode).toBe(401);
      const blocked = await login();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/^Too many attempts/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!env.TEST_REDIS_URL)('two app processes on one Redis', () => {
  it('share the counts', async () => {
    const rateLimits = {
      redisUrl: env.TEST_REDIS_URL,
      nameSpace: `test-shared:${randomUUID()}:`,
      redisDeadlineMs: 2_000,
    };
    const a = await createTestApp({ rateLimits });
    const b = await createTestApp({ rateLimits });
    try {
      const login = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/authorize',
          remoteAddress: '203.0.113.123',
          payload: { email: 'shared@example.in', password: 'wrong-password' },
        });
      for (let i = 0; i < authLimits.login.max; i++) {
        expect((await login(i % 2 ? a : b)).statusCode).toBe(401);
      }
      expect((await login(a)).statusCode).toBe(429);
      expect((await login(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('order tracking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const track = (ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/ABCD1234?contactInfo=guess%40example.in',
      remoteAddress: ip,
      headers,
    });

  it('stops guessing order ids from one address after the limit, in the same 429 format', async () => {
    for (let i = 0; i < authLimits.tracking.max; i++) {
      expect((await track('203.0.113.60')).statusCode).toBe(404);
    }
    const blocked = await track('203.0.113.60');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'Too many attempts. Please wait 1 minute and try again.',
      code: 'rate_limited',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another visitor is not affected
    expect((await track('198.51.100.61')).statusCode).toBe(404);
  });

  it('counts a signed-in shopper by account, generously enough for the payment page polling', async () => {
    const shopper = await registerAndLogin(t.app);
    const auth = { authorization: `Bearer ${shopper.token}` };
    for (let i = 0; i < authLimits.tracking.max + 10; i++) {
      expect((await track('203.0.113.62', auth)).statusCode).toBe(404);
    }
    for (let i = authLimits.tracking.max + 10; i < authLimits.trackingSignedIn.max; i++) {
      await track('203.0.113.62', auth);
    }
    expect((await track('203.0.113.62', auth)).statusCode).toBe(429);
  });
});

describe('clientAddressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
