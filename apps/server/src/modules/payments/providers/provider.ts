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

export type FetchLike = typeof fetch;

export type WebhookVerdict = VerifiedNotification | 'ignored' | null;

/** A verified browser return: what happened, and the order whose page the shopper goes back to. */
export interface ReturnVerdict {
  notification: VerifiedNotification;
  orderId: string;
}

/** A webhook's request as it came: the exact bytes (signatures are over them) and the headers. */
export interface WebhookRequest {
  rawBody: string;
  /** lower-case names, as Node gives them */
  headers: Record<string, string | string[] | undefined>;
}

/** A provider's answer to "refund this": its id for the refund, or why not (and whether it answered). */
export type RefundRequestAnswer =
  { ok: true; requestId: string } | { ok: false; message: string; answered: boolean };

/** Where a refund asked of a provider stands: 'requested' until it says succeeded or failed. */
export type ProviderRefundStatus = 'succeeded' | 'failed' | 'requested';

/**
 * One payment provider (gateway or PSP), everything the store does with it behind one object, as
 * Medusa's payment providers and Vendure's payment method handlers do (issue 28, item 1): the
 * routes, the refunds and the reconciliation job ask the registry (providers/index.ts) for the
 * provider of a payment and call what it supports; none of them names a provider. What a provider
 * cannot do, it leaves out (the UPI intent has no API to ask; the sandbox refunds nothing).
 */
export interface PaymentProvider {
  readonly id: ProviderId;
  /** its name in messages to staff and shoppers ("PayU") */
  readonly label: string;
  /** the stored attempts its notifications may settle (the demo sandbox also plays the UPI PSP) */
  readonly settles: readonly ProviderId[];
  /** its settings are present (and, for the demo sandbox, the store is a demo): usable here */
  isConfigured(config: PaymentConfig): boolean;
  /** Every provider answers a started attempt with one of the spec's actions (section 3). */
  start(ctx: StartContext): StartResult | Promise<StartResult>;
  /** its hosted checkout pages: the only addresses the store's bounce page posts a shopper to */
  checkoutUrls?(config: PaymentConfig): readonly string[];
  /**
   * A page of its own that is opened by a GET of the URL its API answered (PhonePe's, with a token
   * in the query): the bounce page answers it with a redirect instead of a form post.
   */
  checkoutRedirect?(config: PaymentConfig, url: string): boolean;
  /**
   * Its signed notification at POST /api/v1/payments/webhooks/<id>, checked over the raw body:
   * null when the signature or the shape fails (nothing is read from an unsigned body);
   * 'ignored' for a signed event that moves no payment of this store (acknowledged, so the
   * provider does not send it again).
   */
  verifyWebhook?(
    config: PaymentConfig,
    request: WebhookRequest,
  ): WebhookVerdict | Promise<WebhookVerdict>;
  /**
   * The shopper's browser coming back from its page at /api/v1/payments/<id>/return, with signed
   * form fields (POST) or its query (GET, PhonePe): the notification and the order to show, or
   * null.
   */
  verifyReturn?(
    config: PaymentConfig,
    fields: Record<string, string | undefined>,
  ): ReturnVerdict | null | Promise<ReturnVerdict | null>;
  /** Asks the provider about an attempt left open (the reconciliation job); null: nothing to say yet. */
  fetchStatus?(
    config: PaymentConfig,
    paymentId: string,
    fetchImpl?: FetchLike,
  ): Promise<VerifiedNotification | null>;
  /** Refunds through its API (full or partial); a provider without them has refunds recorded by hand. */
  refunds?: {
    /** `refundId` is ours and unique: the provider takes it once, so a resend cannot refund twice */
    request(
      config: PaymentConfig,
      refund: { providerReference: string; refundId: string; amountPaise: number },
      fetchImpl?: FetchLike,
    ): Promise<RefundRequestAnswer>;
    status(
      config: PaymentConfig,
      providerRefundId: string,
      fetchImpl?: FetchLike,
    ): Promise<ProviderRefundStatus | null>;
  };
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
