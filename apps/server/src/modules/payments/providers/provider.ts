import type { PaymentAction } from '@store/contracts/payments';
import type { PaymentConfig, PaymentMethod, ProviderId } from '../payment-config';

/** A payment attempt as a provider sees it: our reference and the amount taken from the order. */
export interface AttemptForProvider {
  id: string;
  orderId: string;
  method: PaymentMethod;
  amountPaise: number;
  /** a UPI request stops being payable then (payments.expires_at) */
  expiresAt?: Date | null;
}

export interface StartContext {
  attempt: AttemptForProvider;
  storeName: string;
  /** the validated, visible form values */
  fields: Record<string, string | boolean>;
  config: PaymentConfig;
  /** Absolute origin ('https://shop.example') for links a third party calls; '' keeps links relative. */
  baseUrl: string;
}

export interface StartResult {
  redirectUrl?: string;
  action: PaymentAction;
}

/** Every provider answers a started attempt with one of the spec's actions (section 3). */
export interface PaymentProvider {
  readonly id: ProviderId;
  start(ctx: StartContext): StartResult;
}

/** A provider's notification after its signature was checked: the only thing that can mark an order paid. */
export interface VerifiedNotification {
  provider: ProviderId;
  /** unique per notification at the provider: the replay key */
  eventId: string;
  paymentId: string;
  amountPaise: number;
  /** 'pending': the provider has not decided yet (PayU status=pending) */
  outcome: 'succeeded' | 'failed' | 'pending';
  providerReference?: string;
  reason?: string;
  payload: unknown;
}
