import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, readEnv } from '../env';
import { createTestApp, registerAndLogin, type TestApp } from '../test/test-app';
import { authLimits, clientAddressKey, type RateLimitStoreOptions } from './rate-limit';

// In process always; in Redis too when the suite is given one (CI sets TEST_REDIS_URL).
const stores: [string, () => RateLimitStoreOptions][] = [['in process', () => ({})]];
if (env.TEST_REDIS_URL) {
  stores.push([
    'in Redis',
    () => ({ redisUrl: env.TEST_REDIS_URL, nameSpace: `test-rate-limit:${randomUUID()}:` }),
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
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // even the right password waits: the guesser must not learn it by a 200
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    // the shopper on another network, and other shoppers here, are not locked out
    expect((await login(user.email, user.password, '198.51.100.20')).statusCode).toBe(200);
    expect((await login('someone.else@example.in', 'whatever1')).statusCode).toBe(401);
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
