import { z } from 'zod';
import { blank, defineProvider } from './definition';

/** PhonePe's hosts (API v2): the sandbox serves tokens and payments from one; production does not. */
export const phonepeEndpoints = {
  test: {
    api: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    auth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
  live: {
    api: 'https://api.phonepe.com/apis/pg',
    auth: 'https://api.phonepe.com/apis/identity-manager',
  },
} as const;

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * PhonePe PG Standard Checkout (API v2, docs/decisions/razorpay.md): the OAuth client id, secret
 * and version, the webhook's username and password (PhonePe's dashboard), test or live, and its
 * APIs' URLs.
 */
export const phonepeDefinition = defineProvider({
  id: 'phonepe',
  label: 'PhonePe',
  methods: { phonepe: 'PhonePe: UPI, card or netbanking on PhonePe’s page' },
  env: {
    PHONEPE_CLIENT_ID: z.preprocess(blank, z.string().optional()),
    PHONEPE_CLIENT_SECRET: z.preprocess(blank, z.string().optional()),
    /** unset: 1 (PhonePe's sandbox) */
    PHONEPE_CLIENT_VERSION: z.preprocess(blank, z.string().regex(/^\d+$/).optional()),
    PHONEPE_WEBHOOK_USERNAME: z.preprocess(blank, z.string().optional()),
    PHONEPE_WEBHOOK_PASSWORD: z.preprocess(blank, z.string().optional()),
    /** unset: test (PhonePe's sandbox) */
    PHONEPE_MODE: z.preprocess(blank, z.enum(['test', 'live']).default('test')),
    /** unset: PhonePe's own for PHONEPE_MODE (phonepeEndpoints) */
    PHONEPE_API_URL: z.preprocess(blank, z.string().url().optional()),
    /** unset: PhonePe's own for PHONEPE_MODE, or PHONEPE_API_URL when only that is set */
    PHONEPE_AUTH_URL: z.preprocess(blank, z.string().url().optional()),
  },
  configFromEnv: (e) => {
    if (!e.PHONEPE_CLIENT_ID || !e.PHONEPE_CLIENT_SECRET) return null;
    const hosts = phonepeEndpoints[e.PHONEPE_MODE ?? 'test'];
    const apiUrl = trim(e.PHONEPE_API_URL ?? hosts.api);
    return {
      clientId: e.PHONEPE_CLIENT_ID,
      clientSecret: e.PHONEPE_CLIENT_SECRET,
      /** 1 in PhonePe's sandbox; in production, the version in PhonePe's credentials e-mail */
      clientVersion: e.PHONEPE_CLIENT_VERSION ?? '1',
      /** the webhook's username and password set in PhonePe's dashboard; null: webhooks are refused */
      webhook:
        e.PHONEPE_WEBHOOK_USERNAME && e.PHONEPE_WEBHOOK_PASSWORD
          ? { username: e.PHONEPE_WEBHOOK_USERNAME, password: e.PHONEPE_WEBHOOK_PASSWORD }
          : null,
      /** checkout, order status and refund APIs (…/apis/pg), or a local server in tests */
      apiUrl,
      /**
       * the OAuth token API (…/apis/identity-manager in production; the same host in the
       * sandbox); a local server (PHONEPE_API_URL alone) answers both, as PhonePe's sandbox does
       */
      authUrl: trim(e.PHONEPE_AUTH_URL ?? (e.PHONEPE_API_URL ? apiUrl : hosts.auth)),
    };
  },
  liveMode: {
    // the webhooks are its safety net; its client version comes with its production credentials
    variables: [
      'PHONEPE_CLIENT_ID',
      'PHONEPE_CLIENT_SECRET',
      'PHONEPE_CLIENT_VERSION',
      'PHONEPE_WEBHOOK_USERNAME',
      'PHONEPE_WEBHOOK_PASSWORD',
    ],
    // PhonePe's sandbox answers like production and takes no money: a live shop would ship unpaid
    problems: (e) =>
      e.PHONEPE_MODE === 'live'
        ? []
        : [
            "PhonePe is offered in test mode: its sandbox takes no real money. Set PHONEPE_MODE=live with PhonePe's production credentials, or remove phonepe from PAYMENT_METHODS.",
          ],
  },
  // the bounce page answers its checkout with a redirect to PhonePe's page, which a browser checks
  // against the storefront's form-action (the shopper's form post started it)
  formAction: { storefront: ['https://*.phonepe.com'] },
});
