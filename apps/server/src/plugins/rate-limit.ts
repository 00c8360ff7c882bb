import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { EMAIL_MAX } from '@store/contracts/common';
import { HttpError } from '../lib/errors';
import type { DeviceScope } from './device-cookie';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A limit: `max` attempts per `timeWindow` ms. Going over blocks the key for `timeWindow`; each
 * further time the same key goes over within a day the block doubles, up to `maxBlockMs`. While
 * blocked, attempts are refused without being counted, so a block never lasts longer than
 * `maxBlockMs`: after it the owner of the key always has `max` fresh attempts (never a permanent
 * lockout). Without `maxBlockMs` the block is one window, as a plain fixed-window limit.
 */
export interface Limit {
  max: number;
  timeWindow: number;
  maxBlockMs?: number;
}

/** How long a key remembers that it went over, for the growing blocks. */
const STRIKE_MEMORY_MS = 24 * HOUR;

/**
 * The numbers, for a small shop whose shoppers log in a few times a week. Counts are kept in
 * Redis when REDIS_URL is set (every API process shares them) and in this process otherwise or
 * while Redis is away. Behind a reverse proxy set TRUST_PROXY, or every shopper is one address.
 */
export const authLimits = {
  /**
   * Per address and email: one shopper's password guessed from one place. Ten tries is plenty for
   * someone who mistypes; blocks of 5, 10, 20, 40, 60 minutes.
   */
  login: { max: 10, timeWindow: 5 * MINUTE, maxBlockMs: HOUR },
  /**
   * Per address, across emails: password spraying. An office or a mobile carrier's shared address
   * (CGNAT is common in India) may carry a few honest logins, so 30 per 10 minutes; a sprayer
   * then gets 30 guesses and blocks of 10, 20, 40, 60 minutes (about 1 guess every 2 minutes).
   */
  loginPerAddress: { max: 30, timeWindow: 10 * MINUTE, maxBlockMs: HOUR },
  /**
   * Per account, across addresses: one password guessed from many places (a botnet). Above the
   * per-address limit so one place never blocks the account alone; blocks of 15, 30, 60 minutes.
   * The owner waits at most an hour, then logs in again.
   */
  loginPerAccount: { max: 20, timeWindow: 15 * MINUTE, maxBlockMs: HOUR },
  /**
   * Per known device (a device cookie from an earlier sign-in to this account,
   * plugins/device-cookie.ts), instead of per account: the owner's own browser is not locked out by
   * strangers, and a stolen cookie still gets only 10 guesses, then blocks of 15, 30, 60 minutes.
   * Each successful sign-in gives the device a fresh cookie, so its owner starts again at 10.
   */
  loginPerDevice: { max: 10, timeWindow: 15 * MINUTE, maxBlockMs: HOUR },
  /** Per address: account creation floods. */
  register: { max: 30, timeWindow: 10 * MINUTE },
  /**
   * GET /orders/:orderId per address: order ids are short, so tracking by contact is a guessable
   * lookup. A visitor checks an order a few times; 30 a minute is generous for that and turns
   * ~770 guesses/s into one every 2 s.
   */
  tracking: { max: 30, timeWindow: MINUTE },
  /** The same, per signed-in shopper: the payment page polls its order every 3 s (20 a minute). */
  trackingSignedIn: { max: 120, timeWindow: MINUTE },
  /**
   * POST /users/forgot-password per address: each request may send an e-mail. A shopper asks once
   * or twice; 10 per 15 minutes leaves room for a shared address, then blocks of 15, 30, 60 minutes.
   */
  passwordResetPerAddress: { max: 10, timeWindow: 15 * MINUTE, maxBlockMs: HOUR },
  /** The same per e-mail address, across addresses: one inbox is not flooded from many places. */
  passwordResetPerEmail: { max: 5, timeWindow: HOUR },
  /** POST /users/reset-password per address: guessing tokens is hopeless, but each try is work. */
  passwordResetSubmit: { max: 20, timeWindow: 10 * MINUTE },
  /**
   * POST /cart/quote per address: the cart asks again on each change (a quantity, a code), a
   * few a minute; 60 leaves room for a shared address and slows a coupon-code guesser to one a
   * second (codes are for sharing; a code a shop wants secret should be long).
   */
  quote: { max: 60, timeWindow: MINUTE },
  /** The same, per signed-in shopper. */
  quoteSignedIn: { max: 120, timeWindow: MINUTE },
  /**
   * POST /products/:id/stock-alerts per address: each request may later send an e-mail, like a
   * password reset. A shopper asks for a few products; 20 per 15 minutes, then blocks up to an hour.
   */
  stockAlertPerAddress: { max: 20, timeWindow: 15 * MINUTE, maxBlockMs: HOUR },
  /** The same per e-mail address typed, across addresses: one inbox is not signed up from many. */
  stockAlertPerEmail: { max: 10, timeWindow: HOUR },
  /**
   * POST /contact per address: each message e-mails the owner. A visitor writes once or twice;
   * 10 per 10 minutes leaves room for a shared address, then blocks of 10, 20, 40, 60 minutes.
   */
  contact: { max: 10, timeWindow: 10 * MINUTE, maxBlockMs: HOUR },
  /** POST /newsletter per address: each sign-up may send a confirmation e-mail. */
  newsletterPerAddress: { max: 10, timeWindow: 15 * MINUTE, maxBlockMs: HOUR },
  /** The same per e-mail address, across addresses: one inbox is not flooded with confirmations. */
  newsletterPerEmail: { max: 5, timeWindow: HOUR },
} as const satisfies Record<string, Limit>;

/** The one 429 body: the same words for every limit. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`,
  );
}

function waitText(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [Math.max(1, seconds), 'second']
      : seconds < 5400
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

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

/**
 * The email a limit counts, read from the body as sent: the limits run before validation, so it
 * may be anything. An overlong one counts under one key, so a key never grows with the body.
 */
const emailOf = (request: FastifyRequest) => {
  const body = request.body;
  const email = typeof body === 'object' && body ? (body as { email?: unknown }).email : undefined;
  if (typeof email !== 'string') return '';
  return email.length > 2 * EMAIL_MAX ? '(too long)' : email.trim().toLowerCase();
};

// ---- counting: Redis when it answers, this process when it does not --------------------------

interface Count {
  /** attempts in the window, or max + 1 while blocked */
  current: number;
  /** ms until the window ends or the block lifts */
  ttl: number;
}

/**
 * One attempt on each of a request's keys, in order, atomically, stopping at the first block:
 * a key is refused without counting while blocked; counted otherwise, and going over sets a block
 * that doubles with each strike of the day, capped at maxBlock. KEYS are (count, block, strikes)
 * per check; ARGV is the strike memory, then (window, max, maxBlock) per check. Answers
 * (current, ttl) per check it reached. One script for all the keys is one round trip: a stalled
 * Redis costs a request one deadline, not one per key.
 */
const countScript = `
local memory = tonumber(ARGV[1])
local out = {}
for i = 1, #KEYS / 3 do
  local key, blockKey, strikeKey = KEYS[i * 3 - 2], KEYS[i * 3 - 1], KEYS[i * 3]
  local window, max, maxBlock = tonumber(ARGV[i * 3 - 1]), tonumber(ARGV[i * 3]), tonumber(ARGV[i * 3 + 1])
  local current, ttl
  local blocked = redis.call('PTTL', blockKey)
  if blocked > 0 then
    current, ttl = max + 1, blocked
  else
    current = redis.call('INCR', key)
    if current == 1 then redis.call('PEXPIRE', key, window) end
    if current <= max then
      ttl = redis.call('PTTL', key)
    else
      local strikes = redis.call('INCR', strikeKey)
      redis.call('PEXPIRE', strikeKey, memory)
      ttl = math.min(window * 2 ^ (strikes - 1), maxBlock)
      redis.call('SET', blockKey, '1', 'PX', ttl)
      redis.call('DEL', key)
    end
  end
  out[#out + 1] = current
  out[#out + 1] = ttl
  if current > max then break end
end
return out
`;

/**
 * The most a request waits for Redis to count its attempts, all keys together. A local Redis
 * answers in well under a millisecond; past this it is counted in this process instead.
 */
export const REDIS_DEADLINE_MS = 50;
/**
 * After a request missed the deadline Redis is taken as hung: requests count in this process
 * without asking it, and at most once this often a PING (in the background, never a shopper's
 * wait) checks whether it answers again.
 */
const HUNG_RECHECK_MS = 1_000;

class DeadlineMissed extends Error {}

/**
 * `work`, or a DeadlineMissed rejection after `ms`; a late answer or failure is dropped. When the
 * event loop was itself held up (a long synchronous task, an embedded database query), timers run
 * before pending socket reads: the answer may be waiting unread. So the deadline is called only
 * after one more turn of the loop (setImmediate runs after socket reads), not on a stall of ours.
 */
function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const missed = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => setImmediate(() => reject(new DeadlineMissed(`Redis did not answer within ${ms} ms`))),
      ms,
    );
  });
  work.catch(() => {});
  return Promise.race([work, missed]).finally(() => clearTimeout(timer));
}

interface LocalEntry {
  count: number;
  windowEnd: number;
  blockedUntil: number;
  strikes: number;
  strikesEnd: number;
}

/** The in-process counterpart of countScript; oldest keys are dropped beyond `capacity`. */
class LocalCounts {
  private readonly entries = new Map<string, LocalEntry>();
  constructor(private readonly capacity = 20_000) {}

  hit(key: string, window: number, max: number, maxBlock: number): Count {
    const now = Date.now();
    let e = this.entries.get(key);
    if (!e) {
      e = { count: 0, windowEnd: 0, blockedUntil: 0, strikes: 0, strikesEnd: 0 };
      if (this.entries.size >= this.capacity) {
        this.entries.delete(this.entries.keys().next().value!);
      }
    }
    // re-insert so the Map's order is least recently used first
    this.entries.delete(key);
    this.entries.set(key, e);
    if (e.blockedUntil > now) return { current: max + 1, ttl: e.blockedUntil - now };
    if (e.windowEnd <= now) {
      e.count = 0;
      e.windowEnd = now + window;
    }
    e.count++;
    if (e.count <= max) return { current: e.count, ttl: e.windowEnd - now };
    if (e.strikesEnd <= now) e.strikes = 0;
    e.strikes++;
    e.strikesEnd = now + STRIKE_MEMORY_MS;
    const block = Math.min(window * 2 ** (e.strikes - 1), maxBlock);
    e.blockedUntil = now + block;
    const current = e.count;
    e.count = 0;
    e.windowEnd = 0;
    return { current, ttl: block };
  }
}

type RedisWithCount = Redis & {
  /** countScript: the number of keys, the keys, then its ARGV */
  storeRateCounts(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
};

/**
 * Counts in Redis while it is ready and answers within REDIS_DEADLINE_MS, in this process
 * otherwise; never "no limit". An attempt Redis counts after its deadline is also counted here:
 * a stall errs towards limiting, not towards free attempts.
 */
export class FallbackCounter {
  private readonly local = new LocalCounts();
  /** while Redis is taken as hung: when to check it again (0: it is not) */
  private hungRecheckAt = 0;
  private probing = false;
  constructor(
    private readonly redis: RedisWithCount | null,
    private readonly nameSpace: string,
    /** told on every Redis answer (true) and failure (false), to log changes of state */
    private readonly onRedis: (ok: boolean, err?: Error) => void = () => {},
    private readonly deadlineMs = REDIS_DEADLINE_MS,
  ) {
    redis?.defineCommand('storeRateCounts', { lua: countScript });
  }

  /**
   * For /readyz: 'off' without Redis; else whether it answers a PING now. The connection's own
   * limits (no offline queue, a 300 ms command timeout) keep this quick when Redis is away or hung.
   */
  async redisAnswers(): Promise<'ok' | 'failed' | 'off'> {
    if (!this.redis) return 'off';
    if (this.redis.status !== 'ready') return 'failed';
    return this.redis.ping().then(
      () => 'ok' as const,
      () => 'failed' as const,
    );
  }

  async hit(key: string, limit: Limit): Promise<Count> {
    return (await this.hitAll([[key, limit]]))[0]!;
  }

  /**
   * One attempt against each (key, limit) in order, stopping at the first that is over its limit:
   * answers a Count per check reached. In Redis this is one round trip with one deadline.
   */
  async hitAll(checks: readonly (readonly [string, Limit])[]): Promise<Count[]> {
    const specs = checks.map(([key, { max, timeWindow, maxBlockMs }]) => ({
      key,
      max,
      timeWindow,
      maxBlock: Math.max(timeWindow, maxBlockMs ?? timeWindow),
    }));
    const redis = this.usableRedis();
    if (redis) {
      const keys = specs.flatMap(({ key }) => {
        const k = this.nameSpace + key;
        return [k, `${k}|blocked`, `${k}|strikes`];
      });
      const args = specs.flatMap(({ timeWindow, max, maxBlock }) => [timeWindow, max, maxBlock]);
      try {
        const flat = await withinDeadline(
          redis.storeRateCounts(keys.length, ...keys, STRIKE_MEMORY_MS, ...args),
          this.deadlineMs,
        );
        this.onRedis(true);
        const counts: Count[] = [];
        for (let i = 0; i + 1 < flat.length; i += 2)
          counts.push({ current: flat[i]!, ttl: flat[i + 1]! });
        return counts;
      } catch (err) {
        // too slow, timed out or failed: count this attempt here rather than not at all
        if (err instanceof DeadlineMissed) this.hungRecheckAt = Date.now() + HUNG_RECHECK_MS;
        this.onRedis(false, err as Error);
      }
    }
    const counts: Count[] = [];
    for (const { key, max, timeWindow, maxBlock } of specs) {
      const count = this.local.hit(key, timeWindow, max, maxBlock);
      counts.push(count);
      if (count.current > max) break;
    }
    return counts;
  }

  /** Redis when it is ready and not taken as hung; a hung one is checked in the background. */
  private usableRedis(): RedisWithCount | null {
    if (this.redis?.status !== 'ready') return null;
    if (this.hungRecheckAt === 0) return this.redis;
    if (!this.probing && Date.now() >= this.hungRecheckAt) {
      this.probing = true;
      this.redis.ping().then(
        () => {
          this.probing = false;
          this.hungRecheckAt = 0;
          this.onRedis(true);
        },
        () => {
          this.probing = false;
          this.hungRecheckAt = Date.now() + HUNG_RECHECK_MS;
        },
      );
    }
    return null;
  }
}

/** A @fastify/rate-limit store (its `store` option) over a FallbackCounter. */
function storeClass(counter: FallbackCounter) {
  return class FallbackStore {
    private readonly maxBlockMs: number | undefined;
    private readonly prefix: string;
    constructor(params: { maxBlockMs?: number; routeInfo?: { method?: string; url?: string } }) {
      this.maxBlockMs = params.maxBlockMs;
      this.prefix = params.routeInfo?.method
        ? `${params.routeInfo.method}${params.routeInfo.url}|`
        : '';
    }
    incr(
      key: string,
      cb: (err: Error | null, res?: Count) => void,
      timeWindow: number,
      max: number,
    ): void {
      counter.hit(this.prefix + key, { max, timeWindow, maxBlockMs: this.maxBlockMs }).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }
    child(params: { maxBlockMs?: number; routeInfo?: { method?: string; url?: string } }) {
      return new FallbackStore(params);
    }
  };
}

// ---- route limits ---------------------------------------------------------------------------

/**
 * preValidation for a sign-in route (before the body is validated and before any argon2 work, so
 * a flood is refused cheaply). Checked in order, stopping at the first block, so an address that is blocked for
 * spraying does not also use up the accounts it names: per address → per address and email →
 * per account, or per device when the request carries this account's device cookie (OWASP's
 * device cookies: failures from elsewhere then lock out only unknown devices, never the owner's
 * own browser). `scope` keeps the shop's and the back office's counts and cookies apart.
 */
function signInLimits(scope: DeviceScope) {
  return limitsInOrder((request) => {
    const address = clientAddressKey(request.ip);
    const email = emailOf(request);
    const device = request.server.deviceCookies.knownDevice(
      request,
      scope,
      request.store.id,
      email,
    );
    return [
      [`${scope}-address|${address}`, authLimits.loginPerAddress],
      [`${scope}|${address}|${email}`, authLimits.login],
      device
        ? [`${scope}-device|${device}`, authLimits.loginPerDevice]
        : [`${scope}-account|${request.store.id}|${email}`, authLimits.loginPerAccount],
    ];
  });
}

/**
 * A hook: one attempt against each (key, limit) in order, refused (429) at the first block; all
 * of them in one round trip to Redis (FallbackCounter.hitAll).
 */
function limitsInOrder(checksOf: (request: FastifyRequest) => [string, Limit][]) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const checks = checksOf(request);
    const counts = await request.server.rateCounter.hitAll(checks);
    counts.forEach(({ current, ttl }, i) => {
      if (current <= checks[i]![1].max) return;
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      void reply.header('retry-after', seconds);
      throw tooManyAttempts(seconds);
    });
  };
}

/** POST /users/authorize: the shop's login. */
export const loginLimits = signInLimits('login');
/** POST /admin/session: the back office's sign-in, limited like the shop's. */
export const staffSignInLimits = signInLimits('staff-login');

/**
 * POST /users/forgot-password: per address, then per store and e-mail. The limit is the same for
 * an address with no account, so a 429 tells nothing about which addresses have one.
 */
export const forgotPasswordLimits = limitsInOrder((request) => [
  [`forgot-address|${clientAddressKey(request.ip)}`, authLimits.passwordResetPerAddress],
  [`forgot-email|${request.store.id}|${emailOf(request)}`, authLimits.passwordResetPerEmail],
]);

/**
 * POST /products/:id/stock-alerts ("Notify me"): per address, then per store and e-mail typed (a
 * signed-in shopper who types none is counted by address only). The same whether or not the
 * e-mail had asked already, so a 429 tells nothing about who did.
 */
export const stockAlertLimits = limitsInOrder((request) => {
  const email = emailOf(request);
  return [
    [`stock-alert-address|${clientAddressKey(request.ip)}`, authLimits.stockAlertPerAddress],
    ...(email
      ? [[`stock-alert-email|${request.store.id}|${email}`, authLimits.stockAlertPerEmail] as const]
      : []),
  ] as [string, Limit][];
});
/** POST /contact: per address (docs/decisions/messages-and-owner-notices.md). */
export const contactLimits = limitsInOrder((request) => [
  [`contact-address|${clientAddressKey(request.ip)}`, authLimits.contact],
]);

/** POST /newsletter: per address, then per store and e-mail, like a password reset. */
export const newsletterLimits = limitsInOrder((request) => [
  [`newsletter-address|${clientAddressKey(request.ip)}`, authLimits.newsletterPerAddress],
  [`newsletter-email|${request.store.id}|${emailOf(request)}`, authLimits.newsletterPerEmail],
]);

/** Route `config.rateLimit` for POST /users/reset-password: per IP. */
export const resetPasswordRateLimit: RateLimitOptions = {
  ...authLimits.passwordResetSubmit,
  keyGenerator: (request) => `reset-password|${clientAddressKey(request.ip)}`,
};

/** Route `config.rateLimit` for POST /users/register: per IP. */
export const registerRateLimit: RateLimitOptions = {
  ...authLimits.register,
  keyGenerator: (request) => `register|${clientAddressKey(request.ip)}`,
};

/**
 * Route `config.rateLimit` for GET /orders/:orderId, after optionalAuth: a signed-in shopper is
 * counted by account (more generously: the payment page polls), a visitor by address.
 */
export const trackOrderRateLimit: RateLimitOptions = {
  hook: 'preHandler',
  timeWindow: MINUTE,
  max: (request) => (request.user ? authLimits.trackingSignedIn.max : authLimits.tracking.max),
  keyGenerator: (request) =>
    request.user ? `track|user|${request.user.id}` : `track|${clientAddressKey(request.ip)}`,
};

/** POST /cart/quote: per signed-in shopper, else per address (after optionalAuth). */
export const cartQuoteRateLimit: RateLimitOptions = {
  hook: 'preHandler',
  timeWindow: MINUTE,
  max: (request) => (request.user ? authLimits.quoteSignedIn.max : authLimits.quote.max),
  keyGenerator: (request) =>
    request.user ? `quote|user|${request.user.id}` : `quote|${clientAddressKey(request.ip)}`,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits' counter (Redis, or this process while Redis is away): see rate-limit.ts. */
    rateCounter: FallbackCounter;
  }
}

export interface RateLimitStoreOptions {
  /** redis://… to share the counts between processes; unset: counted in this process */
  redisUrl?: string | undefined;
  /** key prefix in Redis (tests use their own) */
  nameSpace?: string;
  /**
   * How long a shopper's request waits for Redis before counting here (REDIS_DEADLINE_MS). Tests
   * of the counting itself give a loaded CI machine longer, so a stall does not split one
   * address's attempts between Redis and this process.
   */
  redisDeadlineMs?: number;
}

export async function registerRateLimits(
  app: FastifyInstance,
  { redisUrl, nameSpace = 'store-rate-limit:', redisDeadlineMs }: RateLimitStoreOptions = {},
): Promise<void> {
  // Every call fails fast when Redis is away (no offline queue, no retry, a short command
  // timeout), and is then counted in this process: a slow, hung or absent Redis must never hold
  // shoppers up, start-up or shutdown included, nor switch the limits off.
  const redis = redisUrl
    ? new Redis(redisUrl, {
        lazyConnect: true,
        connectTimeout: 500,
        commandTimeout: 300,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : null;
  // one line per change of state, not one per reconnect attempt or failed command
  let reachable = true;
  const setReachable = (ok: boolean, err?: Error) => {
    if (ok === reachable) return;
    reachable = ok;
    if (ok) app.log.info('Redis is back: limits are counted in Redis again');
    else
      app.log.warn(
        { err: err?.message },
        'Redis unreachable: limits are counted in this process until it is back',
      );
  };
  if (redis) {
    redis.on('error', (err: Error) => setReachable(false, err));
    redis.on('ready', () => setReachable(true));
    // Wait for Redis a moment so the first logins are counted there, but never more: the server
    // starts whether or not Redis answers (ioredis keeps reconnecting in the background).
    const connected = redis.connect().catch(() => undefined);
    await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  const counter = new FallbackCounter(
    redis as RedisWithCount | null,
    nameSpace,
    setReachable,
    redisDeadlineMs,
  );
  app.decorate('rateCounter', counter);
  await app.register(fastifyRateLimit, {
    global: false,
    store: storeClass(counter) as never,
    errorResponseBuilder: (_request, context) => tooManyAttempts(Math.ceil(context.ttl / 1000)),
  });
}
