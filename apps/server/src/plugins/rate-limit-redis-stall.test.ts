/**
 * Issue 24: a hung Redis (the connection stays up, nothing answers: a paused server, a stalled
 * network) costs a sign-in one short deadline for all its limit keys together, once; after that
 * the limits are counted in this process without asking Redis until it answers again. Needs
 * TEST_REDIS_URL (CI sets it): the relay below stands between the app and that real Redis and
 * holds what the app sends while "hung", as a paused redis-server would, counting the commands.
 */
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../env';
import { createTestApp, registerAndLogin, type TestApp, type TestUser } from '../test/test-app';

if (!env.TEST_REDIS_URL)
  console.warn('rate-limit-redis-stall.test.ts skipped: TEST_REDIS_URL is unset');

/** How many complete RESP commands (arrays of bulk strings, as clients send) `buf` holds. */
function commandsIn(buf: Buffer): number {
  let pos = 0;
  let commands = 0;
  const line = () => {
    const end = buf.indexOf('\r\n', pos);
    if (end < 0) return null;
    const text = buf.toString('latin1', pos + 1, end);
    pos = end + 2;
    return Number(text);
  };
  while (pos < buf.length && buf[pos] === 0x2a /* '*' */) {
    const parts = line();
    if (parts === null) break;
    let complete = true;
    for (let i = 0; i < parts && complete; i++) {
      const size = buf[pos] === 0x24 /* '$' */ ? line() : null;
      if (size === null || pos + size + 2 > buf.length) complete = false;
      else pos += size + 2;
    }
    if (!complete) break;
    commands++;
  }
  return commands;
}

/** A TCP relay to Redis that can stall: while stalled it accepts bytes and answers nothing. */
async function stallingRelay(target: string) {
  const { hostname, port } = new URL(target);
  let stalled = false;
  const held = new Map<Socket, { upstream: Socket; bytes: Buffer[] }>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    const state = { upstream, bytes: [] as Buffer[] };
    held.set(client, state);
    client.on('data', (d: Buffer) => (stalled ? state.bytes.push(d) : upstream.write(d)));
    upstream.on('data', (d: Buffer) => client.write(d));
    const end = () => {
      held.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stall() {
      stalled = true;
    },
    /** commands sent to the stalled Redis so far */
    received: () => [...held.values()].reduce((n, s) => n + commandsIn(Buffer.concat(s.bytes)), 0),
    /** Redis wakes up: it gets what it was sent meanwhile, and answers it */
    resume() {
      stalled = false;
      for (const s of held.values()) {
        for (const b of s.bytes) s.upstream.write(b);
        s.bytes = [];
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, s] of held) {
          client.destroy();
          s.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!env.TEST_REDIS_URL)('sign-in limits with Redis hung', () => {
  let relay: Awaited<ReturnType<typeof stallingRelay>>;
  let t: TestApp;
  let user: TestUser;
  const nameSpace = `test-stall:${randomUUID()}:`;
  beforeAll(async () => {
    relay = await stallingRelay(env.TEST_REDIS_URL!);
    t = await createTestApp({ rateLimits: { redisUrl: relay.url, nameSpace } });
    user = await registerAndLogin(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      remoteAddress: '203.0.113.201',
      payload: { email: user.email, password },
    });

  it('asks it once for all three keys, then stops asking, and answers every sign-in', async () => {
    // counted in Redis while it answers (the script is loaded there)
    expect((await login(user.password)).statusCode).toBe(200);
    const inRedis = new Redis(env.TEST_REDIS_URL!);
    const addressKey = `${nameSpace}login-address|203.0.113.201`;
    try {
      expect(await inRedis.get(addressKey)).toBe('1');

      relay.stall();
      expect((await login(user.password)).statusCode).toBe(200);
      // one script for the address, address+email and account keys: not one command per key
      expect(relay.received()).toBe(1);

      // Redis is now known hung: sign-ins are counted here without asking it; at most a
      // background PING per second checks whether it is back
      const started = performance.now();
      const codes: number[] = [];
      for (let i = 0; i < 8; i++)
        codes.push((await login(i % 2 ? user.password : 'wrong-password')).statusCode);
      expect(codes).toEqual([401, 200, 401, 200, 401, 200, 401, 200]);
      const pings = Math.floor((performance.now() - started) / 1000);
      expect(relay.received() - 1).toBeLessThanOrEqual(pings);

      // awake again: the held commands are answered, a PING finds it, and counting goes back there
      relay.resume();
      await sleep(1100);
      await login(user.password);
      await sleep(200);
      const before = Number(await inRedis.get(addressKey));
      expect((await login(user.password)).statusCode).toBe(200);
      expect(Number(await inRedis.get(addressKey))).toBe(before + 1);
    } finally {
      inRedis.disconnect();
    }
  }, 30_000);
});
