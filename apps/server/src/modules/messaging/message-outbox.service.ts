import { eq } from 'drizzle-orm';
import { normalizeIndianMobile } from '@store/contracts/india';
import type { DbOrTx } from '../../db/client';
import { messageOutbox, orders, stores } from '../../db/schema';

/** Every WhatsApp/SMS message the store sends; each has a template (message-templates.ts). */
export type MessageKind =
  | 'order_placed'
  | 'order_shipped'
  | 'out_for_delivery'
  | 'order_delivered'
  | 'refund_issued'
  | 'cod_otp';

/** An Indian mobile (10 digits, with or without +91/91/0) or any E.164 number, as +<digits>. */
function e164(phone: string): string {
  const indian = normalizeIndianMobile(phone);
  if (indian) return `+91${indian}`;
  const compact = phone.replace(/[\s-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  throw new TypeError(`Not a phone number for a message: ${phone}`);
}

async function insertMessage(
  tx: DbOrTx,
  m: Parameters<typeof queueMessage>[1],
  whatsappOptIn: boolean,
) {
  await tx
    .insert(messageOutbox)
    .values({
      storeId: m.storeId,
      kind: m.kind,
      dedupeKey: m.key,
      toPhone: e164(m.toPhone),
      data: m.data ?? {},
      whatsappOptIn,
      // this process's clock in milliseconds, as the claim compares it (see queueEmail)
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: messageOutbox.dedupeKey });
}

/**
 * Queues a message on the caller's transaction (the transactional outbox): it is sent only if the
 * change it tells of commits, and a second call with the same key adds nothing. The messages job
 * sends it (jobs/store-jobs.ts). A service message (cod_otp: the shopper asked for the code) goes
 * whatever the marketing consent; WhatsApp carries it only when the order named by data.orderId
 * has the shopper's opt-in, else SMS does.
 */
export async function queueMessage(
  tx: DbOrTx,
  m: {
    storeId: string;
    kind: MessageKind;
    key: string;
    toPhone: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  const orderId = m.data?.orderId;
  let optIn = false;
  if (typeof orderId === 'string') {
    const [order] = await tx
      .select({ consentAt: orders.messagesConsentAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    optIn = Boolean(order?.consentAt);
  }
  await insertMessage(tx, m, optIn);
}

export type OrderMessageEvent =
  'placed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'refund_issued';

const kindOfEvent: Record<OrderMessageEvent, MessageKind> = {
  placed: 'order_placed',
  shipped: 'order_shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'order_delivered',
  refund_issued: 'refund_issued',
};

/**
 * The order's update for `event` to the order's phone, only if the shopper consented; once per
 * order+event (a refund given `extra.refundId` once per refund: an order may have several). The
 * template's facts (store name, total, carrier, tracking number) are read now, on the caller's
 * transaction, so the message tells the state the event made; `extra` adds to them (e.g. a
 * refund's amountPaise).
 */
export async function queueOrderMessage(
  tx: DbOrTx,
  orderId: string,
  event: 'placed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'refund_issued',
  extra?: Record<string, unknown>,
): Promise<void> {
  const [order] = await tx
    .select({
      storeId: orders.storeId,
      phone: orders.contactPhone,
      consentAt: orders.messagesConsentAt,
      totalPaise: orders.totalPaise,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      storeName: stores.storeName,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, orderId));
  // no consent, no order updates (docs/decisions/messaging.md)
  if (!order?.consentAt) return;
  const refundId = event === 'refund_issued' ? extra?.refundId : undefined;
  await insertMessage(
    tx,
    {
      storeId: order.storeId,
      kind: kindOfEvent[event],
      key: `order:${orderId}:${event}${typeof refundId === 'string' ? `:${refundId}` : ''}`,
      toPhone: order.phone,
      data: {
        orderId,
        storeName: order.storeName,
        totalPaise: order.totalPaise,
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        ...extra,
      },
    },
    true,
  );
}
