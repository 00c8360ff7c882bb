import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/errors';

/**
 * Attempts per window on the routes that cost an argon2 hash, where guessing or flooding is cheap
 * for an attacker and expensive for us. Counts are kept in this process, or in Redis when
 * REDIS_URL is set so that every API process shares them. Behind a reverse proxy set TRUST_PROXY,
 * or every shopper is one address.
 */
export const authLimits = {
  /** per address and email: guessing one shopper's password */
  login: { max: 10, timeWindow: '5 minutes' },
  /** per address: account creation floods */
  register: { max: 30, timeWindow: '10 minutes' },
} as const;

/**
 * The address a limit counts: an IPv6 client usually holds a whole /64, so it is counted by that
 * prefix (otherwise rotating through it would give fresh attempts); IPv4 as it is.
 */
export function clientAddressKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = ip.includes('::') ? [...headGroups, ...zeros, ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** Route `config.rateLimit` for POST /users/authorize: counted after validation, per IP + email. */
export const loginRateLimit: RateLimitOptions = {
  ...authLimits.login,
  hook: 'preHandler',
  keyGenerator: (request) => `login|${clientAddressKey(request.ip)}|${emailOf(request)}`,
};

/** Route `config.rateLimit` for POST /users/register: per IP. */
export const registerRateLimit: RateLimitOptions = {
  ...authLimits.register,
  keyGenerator: (request) => `register|${clientAddressKey(request.ip)}`,
};

export interface RateLimitStoreOptions {
  /** redis://… to share the counts between processes; unset: counted in this process */
  redisUrl?: string | undefined;
  /** key prefix in Redis (tests use their own) */
  nameSpace?: string;
}

export async function registerRateLimits(
  app: FastifyInstance,
  { redisUrl, nameSpace = 'store-rate-limit:' }: RateLimitStoreOptions = {},
): Promise<void> {
  // Every call fails fast when Redis is away (no offline queue, no retry, a short command
  // timeout), and skipOnError below then lets the login through: a slow, hung or absent Redis must
  // never hold shoppers up, start-up or shutdown included.
  const redis = redisUrl
    ? new Redis(redisUrl, {
        lazyConnect: true,
        connectTimeout: 500,
        commandTimeout: 300,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : null;
  if (redis) {
    // one line per change of state, not one per reconnect attempt
    let reachable = true;
    redis.on('error', (err: Error) => {
      if (!reachable) return;
      reachable = false;
      app.log.warn(
        { err: err.message },
        'Redis unreachable: login limits are skipped until it is back',
      );
    });
    redis.on('ready', () => {
      if (reachable) return;
      reachable = true;
      app.log.info('Redis is back: login limits are counted again');
    });
    // Wait for Redis a moment so the first logins are counted, but never more: the server starts
    // whether or not Redis answers (ioredis keeps reconnecting in the background).
    const connected = redis.connect().catch(() => undefined);
    await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace } : {}),
    // a store whose counter is down still lets shoppers log in
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many attempts. Please wait ${context.after} and try again.`,
      ),
  });
}
