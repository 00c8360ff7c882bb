import { createHmac, randomBytes } from 'node:crypto';
import { paymentMethodIds } from '@store/contracts/admin/settings';
import { payuApiEndpoints } from './providers/payu';

/**
 * Payment methods the server can be configured for (PAYMENT_METHODS); each is served by one
 * provider. The contracts' list: the back office offers the same ids.
 */
export const paymentMethods = paymentMethodIds;
export type ProviderMethod = (typeof paymentMethods)[number];
/**
 * Cash on delivery needs no provider and no server configuration: the store switches it on
 * (stores.cod_enabled) and payments.service settles it itself (the order moves to Processing,
 * the cash is recorded by the operator on delivery).
 */
export const COD_METHOD = 'cod';
/** Every method a shopper can choose. */
export type PaymentMethod = ProviderMethod | typeof COD_METHOD;
export type ProviderId = 'upi' | 'sandbox' | 'payu' | 'razorpay' | 'phonepe';

export const providerOfMethod: Record<ProviderMethod, ProviderId> = {
  upi_qr: 'upi',
  upi_app: 'upi',
  gateway: 'sandbox',
  payu: 'payu',
  razorpay: 'razorpay',
  phonepe: 'phonepe',
};

export interface PaymentConfig {
  methods: PaymentMethod[];
  /**
   * Demo mode (NODE_ENV is not 'production'): the store-hosted sandbox may be offered and may
   * settle UPI attempts. In live mode the sandbox does not exist and a UPI attempt is settled only
   * by a signed PSP notification.
   */
  demo: boolean;
  upi: { vpa: string; payeeName: string | null };
  /** Secret of the store-hosted sandbox gateway; it signs notifications and merchant requests. */
  sandbox: { secret: string };
  payu: {
    key: string;
    salt: string;
    mode: 'test' | 'live';
    /** PayU's merchant API (verify_payment, refunds); a test points it at a local fake. */
    apiUrl: string;
  } | null;
  razorpay: {
    keyId: string;
    keySecret: string;
    /** its webhooks' HMAC key; null: webhooks are refused (the return and the job still settle) */
    webhookSecret: string | null;
    /** https://api.razorpay.com, or a local server in tests */
    apiUrl: string;
  } | null;
  /** PhonePe PG Standard Checkout (API v2, docs/decisions/razorpay.md): OAuth client credentials. */
  phonepe: {
    clientId: string;
    clientSecret: string;
    /** 1 in PhonePe's sandbox; in production, the version in PhonePe's credentials e-mail */
    clientVersion: string;
    /** the webhook's username and password set in PhonePe's dashboard; null: webhooks are refused */
    webhook: { username: string; password: string } | null;
    /** checkout, order status and refund APIs (…/apis/pg), or a local server in tests */
    apiUrl: string;
    /** the OAuth token API (…/apis/identity-manager in production; the same host in the sandbox) */
    authUrl: string;
  } | null;
  /** Absolute origin for links a provider calls back (PayU surl/furl); null: the request's origin. */
  publicBaseUrl: string | null;
}

/** The payment variables of env.ts. */
export interface PaymentsEnv {
  NODE_ENV?: string | undefined;
  PAYMENT_METHODS: string;
  UPI_VPA?: string | undefined;
  UPI_PAYEE_NAME?: string | undefined;
  SANDBOX_GATEWAY_SECRET?: string | undefined;
  PAYU_KEY?: string | undefined;
  PAYU_SALT?: string | undefined;
  PAYU_MODE: 'test' | 'live';
  /** PayU's post-service URL; unset: PayU's own for PAYU_MODE (payuApiEndpoints). */
  PAYU_API_URL?: string | undefined;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  /** unset: https://api.razorpay.com */
  RAZORPAY_API_URL?: string | undefined;
  PHONEPE_CLIENT_ID?: string | undefined;
  PHONEPE_CLIENT_SECRET?: string | undefined;
  /** unset: 1 (PhonePe's sandbox) */
  PHONEPE_CLIENT_VERSION?: string | undefined;
  PHONEPE_WEBHOOK_USERNAME?: string | undefined;
  PHONEPE_WEBHOOK_PASSWORD?: string | undefined;
  /** unset: test (PhonePe's sandbox) */
  PHONEPE_MODE?: 'test' | 'live' | undefined;
  /** unset: PhonePe's own for PHONEPE_MODE (phonepeEndpoints) */
  PHONEPE_API_URL?: string | undefined;
  /** unset: PhonePe's own for PHONEPE_MODE, or PHONEPE_API_URL when only that is set */
  PHONEPE_AUTH_URL?: string | undefined;
  PUBLIC_BASE_URL?: string | undefined;
}

export const defaultPaymentsEnv: PaymentsEnv = {
  PAYMENT_METHODS: 'upi_qr,upi_app,gateway',
  PAYU_MODE: 'test',
};

/**
 * The UPI payee of a demo store without UPI_VPA. A VPA's handle (after the @) names the PSP bank
 * that resolves it; handles are allotted by NPCI and 'sandbox' is none of them, so no UPI app can
 * send money to this address: a demo QR scanned by a real phone fails at "invalid UPI ID" instead
 * of paying a stranger (the old default, stationery.demo@upi, used BHIM's real '@upi' handle).
 * Live mode refuses to start without UPI_VPA while UPI is offered (live-mode.ts).
 */
export const DEMO_UPI_VPA = 'demo-store@sandbox';

/** Live mode is NODE_ENV=production; anything else (npm start, tests, dev) is the demo. */
export const isLiveMode = (nodeEnv: string | undefined) => nodeEnv === 'production';

/** The sandbox gateway's pages and webhook exist only in demo mode and while it is offered. */
export const sandboxEnabled = (config: PaymentConfig) =>
  config.demo && config.methods.includes('gateway');

/**
 * The sandbox's HMAC key when SANDBOX_GATEWAY_SECRET is unset: derived from the session-token key,
 * so it is private to this deployment (a published default would let anyone sign "paid"
 * notifications) and every process that shares JWT_SECRET or the data folder agrees on it.
 */
export function derivedSandboxSecret(jwtSecret: Uint8Array): string {
  return createHmac('sha256', jwtSecret).update('sandbox-gateway-notifications').digest('hex');
}

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

function phonepeConfigOf(
  e: PaymentsEnv,
  clientId: string,
  clientSecret: string,
): NonNullable<PaymentConfig['phonepe']> {
  const hosts = phonepeEndpoints[e.PHONEPE_MODE ?? 'test'];
  const trim = (url: string) => url.replace(/\/+$/, '');
  const apiUrl = trim(e.PHONEPE_API_URL ?? hosts.api);
  return {
    clientId,
    clientSecret,
    clientVersion: e.PHONEPE_CLIENT_VERSION ?? '1',
    webhook:
      e.PHONEPE_WEBHOOK_USERNAME && e.PHONEPE_WEBHOOK_PASSWORD
        ? { username: e.PHONEPE_WEBHOOK_USERNAME, password: e.PHONEPE_WEBHOOK_PASSWORD }
        : null,
    apiUrl,
    // a local server (PHONEPE_API_URL alone) answers both, as PhonePe's sandbox does
    authUrl: trim(e.PHONEPE_AUTH_URL ?? (e.PHONEPE_API_URL ? apiUrl : hosts.auth)),
  };
}

/**
 * Methods named in PAYMENT_METHODS, in that order. PayU is dropped unless its key and salt are
 * set, so a half-configured gateway is never offered. Without SANDBOX_GATEWAY_SECRET the sandbox
 * signs with `fallbackSandboxSecret` (see derivedSandboxSecret), or a random per-process key.
 */
export function paymentConfigFromEnv(
  e: PaymentsEnv,
  fallbackSandboxSecret?: string,
): PaymentConfig {
  const payu =
    e.PAYU_KEY && e.PAYU_SALT
      ? {
          key: e.PAYU_KEY,
          salt: e.PAYU_SALT,
          mode: e.PAYU_MODE,
          apiUrl: e.PAYU_API_URL ?? payuApiEndpoints[e.PAYU_MODE],
        }
      : null;
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? null,
          apiUrl: (e.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/+$/, ''),
        }
      : null;
  const phonepe =
    e.PHONEPE_CLIENT_ID && e.PHONEPE_CLIENT_SECRET
      ? phonepeConfigOf(e, e.PHONEPE_CLIENT_ID, e.PHONEPE_CLIENT_SECRET)
      : null;
  const wanted = e.PAYMENT_METHODS.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const methods = paymentMethods.filter(
    (m) =>
      wanted.includes(m) &&
      (m !== 'payu' || payu !== null) &&
      (m !== 'razorpay' || razorpay !== null) &&
      (m !== 'phonepe' || phonepe !== null),
  );
  methods.sort((a, b) => wanted.indexOf(a) - wanted.indexOf(b));
  return {
    methods,
    demo: !isLiveMode(e.NODE_ENV),
    upi: { vpa: e.UPI_VPA ?? DEMO_UPI_VPA, payeeName: e.UPI_PAYEE_NAME ?? null },
    sandbox: {
      secret: e.SANDBOX_GATEWAY_SECRET ?? fallbackSandboxSecret ?? randomBytes(32).toString('hex'),
    },
    payu,
    razorpay,
    phonepe,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
  };
}

/** What a store's owner chose in the back office (stores.payment_methods, upi_vpa, upi_payee_name). */
export interface StorePaymentChoice {
  /** null: every method the server offers */
  methods: readonly string[] | null;
  /** null: the server's UPI_VPA / UPI_PAYEE_NAME */
  upiVpa: string | null;
  upiPayeeName: string | null;
  /** cash on delivery offered (stores.cod_enabled); absent: not offered */
  codEnabled?: boolean;
}

/**
 * The payment config a shopper of this store gets: the owner's methods (in the owner's order)
 * among those the server is configured for, and the owner's UPI payee over the server's. A choice
 * the server can no longer serve (PAYMENT_METHODS changed since) falls back to the server's list,
 * so checkout never offers nothing. Cash on delivery is added when the store offers it.
 */
export function paymentConfigForStore(
  config: PaymentConfig,
  store: { payments: StorePaymentChoice },
): PaymentConfig {
  const choice = store.payments;
  const chosen = choice.methods?.filter((m): m is PaymentMethod =>
    config.methods.includes(m as PaymentMethod),
  );
  const online = chosen && chosen.length > 0 ? chosen : config.methods;
  return {
    ...config,
    // COD comes last: the online methods stay the form's first choices
    methods: choice.codEnabled ? [...online, COD_METHOD] : online,
    upi: {
      vpa: choice.upiVpa ?? config.upi.vpa,
      payeeName: choice.upiPayeeName ?? config.upi.payeeName,
    },
  };
}
