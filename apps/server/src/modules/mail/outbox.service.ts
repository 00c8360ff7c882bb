import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, orders } from '../../db/schema';

/** Every e-mail the store sends; each has a template in this module. */
export type EmailKind =
  | 'order_placed'
  | 'payment_received'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refund'
  | 'return_approved'
  | 'return_rejected'
  | 'password_reset'
  // the back office's New order: a new customer's invitation to set a password; the payment link
  | 'account_invite'
  | 'payment_link'
  | 'cart_reminder'
  | 'back_in_stock'
  // modules/messages: a contact message to the owner; the newsletter's double opt-in
  | 'contact_message'
  | 'newsletter_confirm'
  // modules/notices: the owner's e-mails
  | 'owner_new_order'
  | 'owner_return_requested'
  | 'owner_low_stock'
  | 'owner_daily_summary';

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
      // stamped by this process's clock, in milliseconds, as the claim compares it: the
      // database's own now() has microseconds (and may be another machine's clock), so a
      // delivery kicked right after the commit could find the row not yet due
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}

/** The order events a shopper is told of, each at most once per order. */
export type OrderEmailEvent = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

const kindOfEvent: Record<OrderEmailEvent, EmailKind> = {
  placed: 'order_placed',
  paid: 'payment_received',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/**
 * Queues an order's e-mail for `event` on the caller's transaction (the one that made the change),
 * to the payment form's receipt address or else the account's. A cash-on-delivery order still to
 * collect gets no "payment received": that is queued (again with this function) once the cash is.
 */
export async function queueOrderEmail(
  tx: DbOrTx,
  orderId: string,
  event: OrderEmailEvent,
): Promise<void> {
  const [order] = await tx
    .select({
      storeId: orders.storeId,
      to: sql<string>`coalesce(${orders.receiptEmail}, ${orders.contactEmail})`,
      codStatus: orders.codStatus,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  if (event === 'paid' && order.codStatus === 'to_collect') return;
  await queueEmail(tx, {
    storeId: order.storeId,
    kind: kindOfEvent[event],
    key: `order:${orderId}:${event}`,
    to: order.to,
    data: { orderId },
  });
}

/** Queues the e-mail of a refund (its own key: an order may have several) on the caller's transaction. */
export async function queueRefundEmail(
  tx: DbOrTx,
  refund: { id: string; orderId: string },
): Promise<void> {
  const order = await recipientOf(tx, refund.orderId);
  if (!order) return;
  await queueEmail(tx, {
    storeId: order.storeId,
    kind: 'refund',
    key: `refund:${refund.id}`,
    to: order.to,
    data: { orderId: refund.orderId, refundId: refund.id },
  });
}

/** Where an order's e-mails go (its receipt address, else its contact e-mail), and its store. */
async function recipientOf(tx: DbOrTx, orderId: string) {
  const [order] = await tx
    .select({
      storeId: orders.storeId,
      to: sql<string>`coalesce(${orders.receiptEmail}, ${orders.contactEmail})`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * A return request answered (modules/returns): approved with the shop's instructions, or rejected
 * with its reason; once per return and answer. The refund of a return is told by its refund e-mail.
 */
export async function queueReturnEmail(
  tx: DbOrTx,
  answered: { returnId: string; orderId: string; status: 'approved' | 'rejected' },
): Promise<void> {
  const order = await recipientOf(tx, answered.orderId);
  if (!order) return;
  await queueEmail(tx, {
    storeId: order.storeId,
    kind: `return_${answered.status}`,
    key: `return:${answered.returnId}:${answered.status}`,
    to: order.to,
    data: { orderId: answered.orderId, returnId: answered.returnId },
  });
}
