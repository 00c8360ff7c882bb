import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';

/** Every e-mail the store sends; each has a template in this module. */
export type EmailKind =
  | 'order_placed'
  | 'payment_received'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refund'
  | 'password_reset';

export interface QueuedEmail {
  storeId: string;
  kind: EmailKind;
  /** one e-mail per key, ever: e.g. `order:${id}:paid`, `refund:${refundId}`, `reset:${resetId}` */
  key: string;
  to: string;
  /** what the template needs that the database does not hold (e.g. the reset link's token) */
  data?: Record<string, unknown>;
}

/**
 * Queues an e-mail on the caller's transaction (the transactional outbox): it is sent only if the
 * change it tells of commits, and a second call with the same key (a retry, a replayed
 * notification) adds nothing. The mail job sends it (jobs/store-jobs.ts).
 */
export async function queueEmail(tx: DbOrTx, email: QueuedEmail): Promise<void> {
  await tx
    .insert(emailOutbox)
    .values({
      storeId: email.storeId,
      kind: email.kind,
      dedupeKey: email.key,
      toAddress: email.to,
      data: email.data ?? {},
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}
