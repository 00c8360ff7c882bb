import { messagingLiveModeProblems, type MessagingEnv } from '../messaging/registry';
import {
  isLiveMode,
  paymentConfigFromEnv,
  paymentMethods,
  type PaymentMethod,
  type PaymentsEnv,
} from './payment-config';
import type { ProviderDefinition } from './providers/definition';
import { providerDefinitions } from './providers/definitions';

/** What the live-mode check reads: the payment variables plus those that protect sessions, links, mail and messages. */
export interface LiveModeEnv extends PaymentsEnv, MessagingEnv {
  JWT_SECRET?: string | undefined;
  SMTP_URL?: string | undefined;
  SHIPROCKET_EMAIL?: string | undefined;
  SHIPROCKET_PASSWORD?: string | undefined;
  SHIPROCKET_WEBHOOK_TOKEN?: string | undefined;
}

/**
 * Shiprocket's variables: all or none in live mode. Without the webhook token its tracking
 * updates are refused and booked orders would never move to Shipped or Delivered on their own.
 */
const SHIPROCKET_VARIABLES = [
  'SHIPROCKET_EMAIL',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
] as const;

/** The and-joined list "A, B and C" of the messages. */
const listed = (names: readonly string[], last = 'and') =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} ${last} ${names.at(-1)}` : (names[0] ?? '');

/** A provider's live-mode rules, as live-mode.ts reads them. */
interface GatewayRules {
  label: string;
  methods: string[];
  variables: readonly string[];
  problems?: ((env: LiveModeEnv) => string[]) | undefined;
}

/** The providers whose variables live mode checks, all or none (their definitions' liveMode). */
const gatewayRulesOf = (definitions: readonly ProviderDefinition[]): GatewayRules[] =>
  definitions.flatMap((d) =>
    d.liveMode
      ? [
          {
            label: d.label,
            methods: Object.keys(d.methods),
            variables: d.liveMode.variables,
            problems: d.liveMode.problems as GatewayRules['problems'],
          },
        ]
      : [],
  );

/** Every method but the demo's sandbox gateway, which live mode refuses. */
const liveMethods = paymentMethods.filter((m) => m !== 'gateway');
/** "payu also needs PAYU_KEY and PAYU_SALT; razorpay …": what each gateway's methods need. */
const gatewayNeeds = (rules: readonly GatewayRules[]) =>
  rules
    .map((p, i) => `${p.methods.join('/')}${i === 0 ? ' also needs' : ''} ${listed(p.variables)}`)
    .join('; ');

/**
 * Why a store may not take real money with this configuration (NODE_ENV=production), each with
 * exactly what to set; empty when it may. server.ts prints them all and exits with 1, so a shop
 * fixes every problem in one go rather than one per restart. In demo mode nothing is refused.
 */
export function liveModeProblems(
  e: LiveModeEnv,
  definitions: readonly ProviderDefinition[] = providerDefinitions,
): string[] {
  if (!isLiveMode(e.NODE_ENV)) return [];
  const gatewayRules = gatewayRulesOf(definitions);
  const problems: string[] = [];
  const { methods } = paymentConfigFromEnv(e, 'unused-here');
  if (methods.includes('gateway')) {
    problems.push(
      "PAYMENT_METHODS offers 'gateway', the sandbox gateway that marks orders paid without any money. " +
        'Remove it, e.g. PAYMENT_METHODS=upi_qr,upi_app or PAYMENT_METHODS=payu,upi_qr.',
    );
  }
  if ((methods.includes('upi_qr') || methods.includes('upi_app')) && !e.UPI_VPA) {
    problems.push(
      "UPI is offered but UPI_VPA is not set: set UPI_VPA to the shop's own UPI ID (e.g. UPI_VPA=yourshop@okaxis), " +
        'or remove upi_qr and upi_app from PAYMENT_METHODS.',
    );
  }
  // a provider half-configured is dropped from the methods in the demo; a live shop must know
  const wanted = e.PAYMENT_METHODS.split(',').map((m) => m.trim());
  const variables: Readonly<Record<string, unknown>> = { ...e };
  for (const provider of gatewayRules) {
    const missing = provider.variables.filter((name) => !variables[name]);
    const someSet = missing.length < provider.variables.length;
    if (missing.length && (provider.methods.some((m) => wanted.includes(m)) || someSet)) {
      problems.push(
        `${provider.label} is half-configured: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. ` +
          `Set ${provider.variables.join(', ')} (from ${provider.label}'s dashboard), or remove ${provider.methods.join(' and ')} from PAYMENT_METHODS and unset them.`,
      );
    }
  }
  const shiprocketMissing = SHIPROCKET_VARIABLES.filter((name) => !e[name]);
  if (shiprocketMissing.length && shiprocketMissing.length < SHIPROCKET_VARIABLES.length) {
    problems.push(
      `Shiprocket is half-configured: ${shiprocketMissing.join(' and ')} ${shiprocketMissing.length > 1 ? 'are' : 'is'} not set. ` +
        `Set ${SHIPROCKET_VARIABLES.join(', ')} (the API user from Settings > API and the webhook's security token in Shiprocket's panel), or unset them all to ship by hand.`,
    );
  }
  // a provider's own refusals once it is offered (PhonePe's test mode)
  for (const provider of gatewayRules) {
    if (provider.methods.some((m) => methods.includes(m as PaymentMethod))) {
      problems.push(...(provider.problems?.(e) ?? []));
    }
  }
  if (!methods.some((m) => m !== 'gateway')) {
    problems.push(
      `No payment method is left for live mode: set PAYMENT_METHODS to ${listed(liveMethods, 'and/or')} (${gatewayNeeds(gatewayRules)}).`,
    );
  }
  if (!e.JWT_SECRET) {
    problems.push(
      'JWT_SECRET is not set: set it to a random string of at least 32 characters (e.g. the output of `openssl rand -base64 48`).',
    );
  }
  if (!e.PUBLIC_BASE_URL) {
    problems.push(
      "PUBLIC_BASE_URL is not set: set it to the shop's https address, e.g. PUBLIC_BASE_URL=https://shop.example.in.",
    );
  } else if (!/^https:\/\//i.test(e.PUBLIC_BASE_URL)) {
    problems.push(
      `PUBLIC_BASE_URL must be https (payment providers return shoppers there): it is ${e.PUBLIC_BASE_URL}; set e.g. PUBLIC_BASE_URL=https://shop.example.in.`,
    );
  }
  // WhatsApp and SMS are optional, but a provider half set up would silently send nothing
  problems.push(...messagingLiveModeProblems(e));
  if (!e.SMTP_URL) {
    // without SMTP the e-mails are files listed at the demo outbox, which would show every
    // shopper's order mail and password-reset link to anyone: a live shop must send them
    problems.push(
      'SMTP_URL is not set: order e-mails and password-reset links would not reach shoppers; set it to your mail server, e.g. SMTP_URL=smtps://user:password@smtp.example.in:465.',
    );
  }
  return problems;
}

/** The one message server.ts prints before exiting. */
export function liveModeRefusal(problems: readonly string[]): string {
  return [
    'Refusing to start in live mode (NODE_ENV=production):',
    ...problems.map((p) => `  - ${p}`),
    'Unset NODE_ENV to run the demo store instead.',
  ].join('\n');
}
