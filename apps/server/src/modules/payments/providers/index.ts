import type { ProviderId } from './definitions';
import type { PaymentProvider } from './provider';
import { payuProvider } from './payu-provider';
import { phonepeProvider } from './phonepe-provider';
import { razorpayProvider } from './razorpay-provider';
import { sandboxProvider } from './sandbox';
import { upiProvider } from './upi-provider';

/**
 * Every payment provider the store knows, by id: its object joins here, its definition in
 * definitions.ts (the ids are the definitions': a provider left out here fails the typecheck).
 * Routes, refunds and the reconciliation ask it, never a provider by name.
 */
export const paymentProviders: Readonly<Record<ProviderId, PaymentProvider>> = {
  upi: upiProvider,
  sandbox: sandboxProvider,
  payu: payuProvider,
  razorpay: razorpayProvider,
  phonepe: phonepeProvider,
};

/** The provider of that id (a URL segment, a stored payment's provider column), if there is one. */
export function findProvider(id: string): PaymentProvider | undefined {
  return Object.hasOwn(paymentProviders, id) ? paymentProviders[id as ProviderId] : undefined;
}
