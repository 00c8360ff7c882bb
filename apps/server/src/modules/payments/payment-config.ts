import { createHmac, randomBytes } from 'node:crypto';
import { paymentMethodIds } from '@store/contracts/admin/settings';
import type { z } from 'zod';
import {
  providerDefinitions,
  type DefinedMethod,
  type ProviderConfigs,
  type ProviderId,
  type providerEnvShape,
} from './providers/definitions';
export { phonepeEndpoints } from './providers/phonepe-definition';

/** Every provider's variables as parsed (each optional: a test passes only those it sets). */
type ProviderEnv = Partial<z.output<z.ZodObject<typeof providerEnvShape>>>;

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
export type { ProviderId };

/** Which provider serves each method: from the providers' definitions (providers/definitions.ts). */
export const providerOfMethod = Object.fromEntries(
  providerDefinitions.flatMap((d) => Object.keys(d.methods).map((m) => [m, d.id])),
) as Record<ProviderMethod, ProviderId>;

// the contracts' settings list and the providers' methods are the same ids, both ways
type SameIds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodsMatchContracts: SameIds<ProviderMethod, DefinedMethod> = true;
void methodsMatchContracts;

/** The payment settings; `payu`, `razorpay`, … come from each provider's definition. */
export type PaymentConfig = ProviderConfigs & {
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
  /** Absolute origin for links a provider calls back (PayU surl/furl); null: the request's origin. */
  publicBaseUrl: string | null;
};

/** The payment variables of env.ts: the store's, and every provider's (providers/definitions.ts). */
export type PaymentsEnv = ProviderEnv & {
  NODE_ENV?: string | undefined;
  PAYMENT_METHODS: string;
  PUBLIC_BASE_URL?: string | undefined;
};

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

/**
 * Methods named in PAYMENT_METHODS, in that order. A gateway is dropped unless its settings are
 * all set (its definition's configFromEnv), so a half-configured gateway is never offered.
 * Without SANDBOX_GATEWAY_SECRET the sandbox signs with `fallbackSandboxSecret` (see
 * derivedSandboxSecret), or a random per-process key.
 */
export function paymentConfigFromEnv(
  e: PaymentsEnv,
  fallbackSandboxSecret?: string,
): PaymentConfig {
  // each provider with settings of its own: null when they are not all there
  const configs = Object.fromEntries(
    providerDefinitions.flatMap((d) => {
      const read = d.configFromEnv as ((env: PaymentsEnv) => unknown) | undefined;
      return read ? [[d.id, read(e)] as const] : [];
    }),
  ) as ProviderConfigs;
  const configured = (m: ProviderMethod) => {
    const id = providerOfMethod[m];
    return !Object.hasOwn(configs, id) || configs[id as keyof ProviderConfigs] !== null;
  };
  const wanted = e.PAYMENT_METHODS.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const methods = paymentMethods.filter((m) => wanted.includes(m) && configured(m));
  methods.sort((a, b) => wanted.indexOf(a) - wanted.indexOf(b));
  return {
    methods,
    demo: !isLiveMode(e.NODE_ENV),
    upi: { vpa: e.UPI_VPA ?? DEMO_UPI_VPA, payeeName: e.UPI_PAYEE_NAME ?? null },
    sandbox: {
      secret: e.SANDBOX_GATEWAY_SECRET ?? fallbackSandboxSecret ?? randomBytes(32).toString('hex'),
    },
    ...configs,
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
