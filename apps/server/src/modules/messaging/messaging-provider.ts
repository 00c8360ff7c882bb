import type { MessageKind } from './message-outbox.service';

/** How a message reaches the shopper's phone: each provider serves one. */
export type MessagingChannel = 'whatsapp' | 'sms';

/** One message as the sender hands it over: the template's parameters already filled. */
export interface OutgoingMessage {
  /** the outbox row: the same on every attempt (logs, a provider's own idempotency) */
  outboxId: string;
  kind: MessageKind;
  /** E.164, e.g. +919876543210 */
  toPhone: string;
  /** the approved template's body parameters, in order ({{1}}, {{2}}, … ; var1, var2, … in MSG91) */
  params: string[];
}

/**
 * What came of a send: the provider's message id, or a failure the sender acts on. A retryable
 * one (rate limit, the provider down, no answer) is tried again later on the same channel; a
 * permanent one (a number that cannot receive it, a template refused, a key refused) is not, and
 * a WhatsApp message then goes by SMS when SMS is configured.
 */
export type SendResult =
  { ok: true; providerMessageId: string } | { ok: false; retryable: boolean; error: string };

/** One object per messaging integration (like the payment gateways in modules/payments/providers). */
export interface MessagingProvider {
  readonly channel: MessagingChannel;
  /** for logs and the outbox's errors: 'WhatsApp Cloud API', 'MSG91' */
  readonly label: string;
  /** every variable it needs is set (the registry builds it only then; live mode refuses half) */
  isConfigured(): boolean;
  send(message: OutgoingMessage): Promise<SendResult>;
}

export type FetchLike = typeof fetch;

/** E.164 without the plus: what both WhatsApp's `to` and MSG91's `mobiles` take. */
export const digitsOf = (e164: string) => e164.replace(/^\+/, '');

/** A provider's answer to a POST: its status and JSON body, or no answer at all (network, timeout). */
export type PostAnswer =
  | { answered: true; ok: boolean; status: number; json: Record<string, unknown> | null }
  | { answered: false; error: string };

/** POSTs JSON to a provider, within the sender's lease (15 s), and reads its JSON answer. */
export async function postJson(
  fetchImpl: FetchLike,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<PostAnswer> {
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as unknown;
    return {
      answered: true,
      ok: res.ok,
      status: res.status,
      json: json && typeof json === 'object' ? (json as Record<string, unknown>) : null,
    };
  } catch (err) {
    return { answered: false, error: err instanceof Error ? err.message : String(err) };
  }
}
