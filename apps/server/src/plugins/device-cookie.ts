import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '@store/contracts/session';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/device-cookies.md): a browser that has signed in to an account before carries a
 * signed cookie naming that store and account, so its sign-ins are not blocked by failures from
 * elsewhere (plugins/rate-limit.ts signInLimits counts them per device instead of per account).
 *
 * Each sign-in has its own cookie, scoped to its route: the browser sends it to nothing else.
 */
export const deviceCookieScopes = {
  login: { cookie: 'known_device', path: '/api/v1/users/authorize' },
  'staff-login': { cookie: 'known_staff_device', path: '/api/v1/admin/session' },
} as const;
export type DeviceScope = keyof typeof deviceCookieScopes;

/** A year: the owner's own browser stays known between the shop's busy seasons. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Longer than any value this module writes; a longer one is not worth an HMAC. */
const MAX_VALUE_LENGTH = 200;

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const normalisedEmail = (email: string) => email.trim().toLowerCase();

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    /** the server's JWT secret: a key of its own is derived from it, the secret never used raw */
    jwtSecret: Uint8Array,
    /** send the cookie over https only (the store's public address is https) */
    private readonly secure: boolean,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, 'store-device-cookie', 'v1', 32));
  }

  private mac(...parts: string[]): Buffer {
    return createHmac('sha256', this.key).update(parts.join('\0')).digest();
  }

  /**
   * The account as the cookie names it: keyed, so the cookie tells nobody the e-mail address
   * (a plain hash of an address can be looked up in a list of addresses).
   */
  private accountTag(scope: DeviceScope, storeId: string, email: string): string {
    return b64(this.mac('account', scope, storeId, normalisedEmail(email)).subarray(0, 16));
  }

  /** After a successful sign-in: a fresh cookie (new nonce) naming this store and account. */
  remember(reply: FastifyReply, scope: DeviceScope, storeId: string, email: string): void {
    const payload = [storeId, this.accountTag(scope, storeId, email), b64(randomBytes(16))].join(
      '.',
    );
    const value = `${payload}.${b64(this.mac('device', scope, payload))}`;
    const { cookie, path } = deviceCookieScopes[scope];
    void reply.header(
      'set-cookie',
      `${cookie}=${value}; Path=${path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict` +
        (this.secure ? '; Secure' : ''),
    );
  }

  /**
   * The device's id (its nonce) when the request carries a cookie this server signed for this
   * store and this e-mail address; undefined otherwise (none, forged, another account's or
   * another store's: all count as an unknown device).
   */
  knownDevice(
    request: FastifyRequest,
    scope: DeviceScope,
    storeId: string,
    email: string,
  ): string | undefined {
    const value = cookieValue(request.headers.cookie, deviceCookieScopes[scope].cookie);
    if (!value || value.length > MAX_VALUE_LENGTH) return undefined;
    const parts = value.split('.');
    if (parts.length !== 4) return undefined;
    const [cookieStore, account, nonce, mac] = parts as [string, string, string, string];
    const expected = this.mac('device', scope, `${cookieStore}.${account}.${nonce}`);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (cookieStore !== storeId || account !== this.accountTag(scope, storeId, email)) {
      return undefined;
    }
    return nonce;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the sign-ins' device cookies: see plugins/device-cookie.ts. */
    deviceCookies: DeviceCookies;
  }
}

export function registerDeviceCookies(
  app: FastifyInstance,
  jwtSecret: Uint8Array,
  publicBaseUrl: string | undefined,
): void {
  app.decorate(
    'deviceCookies',
    new DeviceCookies(jwtSecret, (publicBaseUrl ?? '').startsWith('https:')),
  );
}
