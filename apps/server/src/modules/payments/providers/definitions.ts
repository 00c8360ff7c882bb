import { payuDefinition } from './payu-definition';
import { phonepeDefinition } from './phonepe-definition';
import { razorpayDefinition } from './razorpay-definition';
import { sandboxDefinition } from './sandbox-definition';
import { upiDefinition } from './upi-definition';
import type { z } from 'zod';
import type { ProviderDefinition } from './definition';

/**
 * Every payment provider's definition, in the order their methods are listed: the one list a new
 * provider joins (with its object in index.ts and its method ids in the contracts' settings list).
 * env.ts, payment-config.ts, live-mode.ts and the CSPs read it; none of them names a provider.
 */
export const providerDefinitions = [
  upiDefinition,
  sandboxDefinition,
  payuDefinition,
  razorpayDefinition,
  phonepeDefinition,
] as const satisfies readonly ProviderDefinition[];

type Definitions = (typeof providerDefinitions)[number];
export type ProviderId = Definitions['id'];
/** The methods the providers serve (the contracts' paymentMethodIds: payment-config.ts checks). */
export type DefinedMethod = Definitions extends infer D
  ? D extends { methods: infer M }
    ? keyof M & string
    : never
  : never;

/** A configured provider's settings (what its configFromEnv answers besides null). */
type ConfigOf<D> = D extends { configFromEnv?: (env: never) => infer C } ? Exclude<C, null> : never;
/**
 * PaymentConfig's part read by the providers' definitions: `payu`, `razorpay`, … each its settings
 * or null when not configured here.
 */
export type ProviderConfigs = {
  [D in Definitions as [ConfigOf<D>] extends [never] ? never : D['id']]: ConfigOf<D> | null;
};

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
type EnvShape = UnionToIntersection<Definitions['env']>;

/** The variables of these providers, one zod shape (a later one's name would win: none repeats). */
export const envShapeOf = (definitions: readonly ProviderDefinition[]): z.ZodRawShape =>
  Object.assign({}, ...definitions.map((d) => d.env)) as z.ZodRawShape;

/** Every provider's variables, for env.ts's schema. */
export const providerEnvShape = envShapeOf(providerDefinitions) as EnvShape;

/** The form-action origins the providers' checkouts need, in the registry's order, once each. */
export function formActionOrigins(
  page: 'bouncePage' | 'storefront',
  definitions: readonly ProviderDefinition[] = providerDefinitions,
): string[] {
  return [...new Set(definitions.flatMap((d) => d.formAction?.[page] ?? []))];
}
