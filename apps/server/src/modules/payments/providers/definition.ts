import type { z } from 'zod';

/**
 * What the store must know about a payment provider before any of its code runs: its id, the
 * methods it serves and their words on the payment form, its environment variables, how its
 * settings are read from them, what live mode asks of them and where its checkout takes a
 * browser. Each provider declares this in its own `<name>-definition.ts`; env.ts, the payment
 * config, the live-mode check and the pages' CSPs are built from the list in definitions.ts, so a
 * new provider edits none of them (docs/decisions/payments-design.md, "Adding a provider").
 *
 * A definition file imports only zod and the other definition files: env.ts (the lowest layer)
 * and the web plugin read them (eslint.config.js, layer 'provider-definition').
 */
export interface ProviderDefinition<
  Id extends string = string,
  Method extends string = string,
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Config = unknown,
> {
  readonly id: Id;
  /** its name in messages to staff and shoppers ("PayU") */
  readonly label: string;
  /** the PAYMENT_METHODS ids it serves, each with its words in the payment form's method list */
  readonly methods: Readonly<Record<Method, string>>;
  /** its variables in env.ts's schema (each through `blank`, so VAR= is unset) */
  readonly env: Shape;
  /**
   * Its settings from the parsed variables, or null when they are not all there: its methods are
   * then dropped from PAYMENT_METHODS (a half-configured gateway is never offered). Without it the
   * provider needs no settings of its own (payment-config.ts reads the built-in UPI and sandbox).
   */
  configFromEnv?(env: Partial<z.output<z.ZodObject<Shape>>>): Config | null;
  /** What live mode (NODE_ENV=production) asks of it, besides the store-wide checks. */
  readonly liveMode?: {
    /**
     * All or none: some set, or its method offered, with one missing refuses the start. The
     * first ones are those the "no payment method left" message names.
     */
    readonly variables: readonly (keyof Shape & string)[];
    /** its own refusals once it is offered (PhonePe's test mode takes no money) */
    problems?(env: Partial<z.output<z.ZodObject<Shape>>>): string[];
  };
  /** Origins a browser is sent to for its checkout, allowed by the CSPs' form-action. */
  readonly formAction?: {
    /** the bounce page posts its form there (sandbox-pages.ts) */
    readonly bouncePage?: readonly string[];
    /**
     * the storefront's pages: a browser checks a redirect after a form post against the
     * page's form-action too (plugins/web.ts)
     */
    readonly storefront?: readonly string[];
  };
}

/** Defines a provider with its types kept (the registry derives ids, methods and config types). */
export const defineProvider = <
  Id extends string,
  Method extends string,
  Shape extends z.ZodRawShape,
  Config = never,
>(
  definition: ProviderDefinition<Id, Method, Shape, Config>,
) => definition;

/** An empty variable (VAR=) counts as unset, as everywhere in env.ts. */
export const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
