import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderRow,
  OrderAction,
} from '@store/contracts/admin/orders';
import type { CodCodeReason } from '@store/contracts/cod-codes';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db, DbOrTx } from '../../db/client';
import { codCodes, orderItems, orders, paymentEvents, payments, refunds } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { likeContaining } from '../../lib/like-pattern';
import { activityOf, recordActivity, type Actor } from '../activity/activity.service';
import { checkRange, dayStart } from '../../lib/shop-days';
import { documentsOfOrders } from '../invoices/invoices.service';
import { ORDER_ID_LENGTH, normalizeOrderId, normalizeOrderIdPrefix } from './order-id';
import { nextOrderStatus } from './order-status';
import { shopperReturnsOf } from './order-returns-view';
import {
  paymentStatusOf,
  paymentSummaries,
  shippingAddressOf,
  type PaymentSummary,
} from './orders.service';

/**
 * What q may be: an order number or its start (4+ characters, any case, as normalizeOrderIdPrefix
 * reads it: what staff copy from an e-mail or read out on the phone), part of an e-mail (any case)
 * or a phone number (its last 10 digits: +91 98765 43210 finds 9876543210).
 */
function searchCondition(q: string): SQL {
  const matches: SQL[] = [ilike(orders.contactEmail, likeContaining(q))];
  const id = normalizeOrderIdPrefix(q);
  if (id)
    matches.push(id.length === ORDER_ID_LENGTH ? eq(orders.id, id) : like(orders.id, `${id}%`));
  const digits = q.replace(/\D/g, '');
  if (/^[\d\s+()-]+$/.test(q) && digits.length >= 10)
    matches.push(eq(orders.contactPhone, digits.slice(-10)));
  return or(...matches)!;
}

/** The activity entry of an order staff placed for a customer (admin-new-order.service.ts). */
export const ORDER_PLACED_BY_STAFF = 'order.place';

/** What cancel_reason's codes mean to the owner; 'operator' is staff's cancel. */
const cancelReasonWords: Record<string, string> = {
  operator: 'cancelled by staff',
  expired: 'not paid in time',
  cod_unconfirmed: 'cash on delivery not confirmed',
  returned: 'returned undelivered',
};

/**
 * The cancel banner's words: the reason staff typed when they cancelled (kept in the activity
 * log's 'order.cancel' entry), else what the code means; null for an order not cancelled.
 */
function cancelReasonInWords(
  code: string | null,
  activity: readonly { action: string; after: unknown }[],
): string | null {
  if (!code) return null;
  const typed = activity.filter((a) => a.action === 'order.cancel').at(-1)?.after as
    { reason?: unknown } | null | undefined;
  if (code === 'operator' && typeof typed?.reason === 'string' && typed.reason) return typed.reason;
  return cancelReasonWords[code] ?? code;
}

// drizzle writes a column in a select list without its table: the outer one is named in full
export const itemCountOf = sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${sql.raw('"orders"."id"')}), 0)::int`;

/** The back office's word for an order's money: owed back first, then what the shopper sees. */
export const paymentStateOf = (
  row: { totalPaise: number; status: number },
  s: PaymentSummary | undefined,
): AdminOrderRow['payment'] => (s?.owed ? 'needs_refund' : paymentStatusOf(row, s));

/** The Orders screen's filters (search, status, dates in India's days, COD) as one SQL condition. */
export function adminOrderFilter(storeId: string, q: Omit<AdminOrderListQuery, 'page' | 'limit'>) {
  checkRange(q.from, q.to);
  const where: SQL[] = [eq(orders.storeId, storeId)];
  if (q.q) where.push(searchCondition(q.q));
  if (q.status) where.push(eq(orders.status, orderStatus[q.status]));
  if (q.from) where.push(gte(orders.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(orders.createdAt, dayStart(q.to, 1)));
  if (q.cod) where.push(eq(orders.codStatus, q.cod));
  return and(...where)!;
}

/** One page of the store's orders, newest first, filtered in SQL. */
export async function listAdminOrders(db: Db, storeId: string, q: AdminOrderListQuery) {
  const filter = adminOrderFilter(storeId, q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        customerName: orders.shippingFullName,
        contactEmail: orders.contactEmail,
        contactPhone: orders.contactPhone,
        itemCount: itemCountOf,
        totalPaise: orders.totalPaise,
        status: orders.status,
        codStatus: orders.codStatus,
      })
      .from(orders)
      .where(filter)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(orders).where(filter),
  ]);
  const states = await paymentSummaries(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      payment: paymentStateOf(r, states.get(r.id)),
      codStatus: r.codStatus as AdminOrderRow['codStatus'],
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** The buttons an order's page shows: what its status (and its money) allows now. */
function allowedActions(
  status: number,
  payment: AdminOrderRow['payment'],
  refundablePaise: number,
  codStatus: string | null = null,
  codConfirmed = true,
  /** the shopper was asked for a code (cod-code.service): no Ship until it is given or confirmed */
  codCodeAsked = false,
): OrderAction[] {
  const actions: OrderAction[] = [];
  const waitsForCode = codStatus === 'to_collect' && !codConfirmed && codCodeAsked;
  if (nextOrderStatus(status, 'ship').ok && !waitsForCode) actions.push('ship');
  if (nextOrderStatus(status, 'deliver').ok) actions.push('deliver');
  if (nextOrderStatus(status, 'cancel').ok) actions.push('cancel');
  if (status === orderStatus.pending && payment === 'unpaid') actions.push('record_payment');
  if (refundablePaise > 0) actions.push('record_refund');
  // the courier hands the cash over once the parcel is out or delivered
  if (
    codStatus === 'to_collect' &&
    (status === orderStatus.shipped || status === orderStatus.delivered)
  )
    actions.push('record_cod_collection');
  // refused at the door: only while the parcel is out and its cash not recorded
  if (codStatus === 'to_collect' && nextOrderStatus(status, 'return_undelivered').ok)
    actions.push('return_undelivered');
  // cash on delivery staff have not confirmed yet expires (fair stock); shipping also confirms it
  if (codStatus === 'to_collect' && status === orderStatus.processing && !codConfirmed)
    actions.push('confirm_cod');
  return actions;
}

/**
 * An order's page: items, address, contact, payment attempts with their refunds, the providers'
 * notifications, a timeline and the actions allowed now. 404 for an unknown id or another store's.
 */
export async function getAdminOrder(
  db: DbOrTx,
  storeId: string,
  rawId: string,
): Promise<AdminOrderDetail> {
  const id = normalizeOrderId(rawId);
  const [row] = id
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, id)))
    : [];
  if (!row) throw new HttpError(404, `Order ${rawId} not found`);

  const [items, attempts, states, [codCode]] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id))
      .orderBy(asc(orderItems.position)),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, row.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    paymentSummaries(db, [row.id]),
    db.select().from(codCodes).where(eq(codCodes.orderId, row.id)),
  ]);
  const paymentIds = attempts.map((p) => p.id);
  const [refundRows, events, activity] = await Promise.all([
    paymentIds.length
      ? db
          .select()
          .from(refunds)
          .where(eq(refunds.orderId, row.id))
          .orderBy(asc(refunds.createdAt), asc(refunds.id))
      : [],
    paymentIds.length
      ? db
          .select({
            provider: paymentEvents.provider,
            eventId: paymentEvents.eventId,
            paymentId: paymentEvents.paymentId,
            receivedAt: paymentEvents.receivedAt,
          })
          .from(paymentEvents)
          .where(inArray(paymentEvents.paymentId, paymentIds))
          .orderBy(asc(paymentEvents.receivedAt))
      : [],
    activityOf(db, storeId, [
      { entityType: 'order', ids: [row.id] },
      { entityType: 'payment', ids: paymentIds },
    ]),
  ]);

  // refunds asked of a provider and not settled yet hold their amount back, as recordRefund counts
  const requestedOf = (paymentId: string) =>
    refundRows
      .filter((r) => r.paymentId === paymentId && r.status === 'requested')
      .reduce((s, r) => s + r.amountPaise, 0);
  const refundablePaise = attempts
    .filter((p) => p.status === 'succeeded')
    .reduce((s, p) => s + Math.max(0, p.amountPaise - p.refundedPaise - requestedOf(p.id)), 0);
  const payment = paymentStateOf(row, states.get(row.id));
  const [documentsOf, afterSale] = await Promise.all([
    documentsOfOrders(db, [row.id]),
    shopperReturnsOf(db, [row]),
  ]);
  const documents = documentsOf.get(row.id) ?? [];

  // an order staff placed (the back office's New order) says who took it, in place of the shopper
  const placedBy = activity.find((a) => a.action === ORDER_PLACED_BY_STAFF);
  const timeline = [
    {
      at: row.createdAt,
      text: placedBy?.summary || 'Order placed',
      actor: placedBy?.actor ?? 'shopper',
    },
    // a manual payment's own entry is its activity line (who recorded it)
    ...attempts
      .filter((p) => p.provider !== 'manual')
      .flatMap((p) => [
        {
          at: p.createdAt,
          text: `Payment attempt: ${p.method ?? p.provider} (${p.provider}), ${rupees(p.amountPaise)}`,
          actor: 'shopper',
        },
        // cash on delivery's success is its 'order.cod_collected' activity line (who, when)
        ...(p.status === 'succeeded' && p.provider !== 'cod'
          ? [
              {
                // when the provider said so: its last notification (updatedAt moves with refunds)
                at: events.filter((e) => e.paymentId === p.id).at(-1)?.receivedAt ?? p.createdAt,
                text: `Payment succeeded: ${rupees(p.amountPaise)} via ${p.provider}`,
                actor: 'system',
              },
            ]
          : []),
      ]),
    ...activity
      .filter((a) => a.action !== 'order.note' && a.action !== ORDER_PLACED_BY_STAFF)
      .map((a) => ({ at: a.at, text: a.summary || a.action, actor: a.actor })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => ({ ...e, at: e.at.toISOString() }));

  const notes = activity
    .filter((a) => a.action === 'order.note')
    .map((a) => ({
      at: a.at.toISOString(),
      text: String((a.after as { note?: unknown } | null)?.note ?? ''),
      actor: a.actor,
    }));

  return {
    id: row.id,
    notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    customerName: row.shippingFullName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    itemCount: items.reduce((s, i) => s + i.quantity, 0),
    totalPaise: row.totalPaise,
    payment,
    status: row.status,
    codStatus: row.codStatus as AdminOrderDetail['codStatus'],
    shippingAddress: shippingAddressOf(row),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    cancelReason: cancelReasonInWords(row.cancelReason, activity),
    codConfirmedAt: row.codConfirmedAt?.toISOString() ?? null,
    items: items.map((i) => ({
      productId: i.productId,
      title: i.productTitle,
      size: i.variantSize,
      color: i.variantColor,
      quantity: i.quantity,
      unitPricePaise: i.unitPricePaise,
      discountPaise: i.discountPaise,
    })),
    subtotalPaise: row.subtotalPaise,
    discountPaise: row.discountPaise,
    deliveryPaise: row.deliveryPaise,
    codFeePaise: row.codFeePaise,
    couponCode: row.couponCode,
    offers: row.offers.map((o) => ({
      code: o.code,
      description: o.description,
      goodsPaise: o.amountPaise - o.deliveryPaise,
      deliveryPaise: o.deliveryPaise,
    })),
    payments: attempts.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amountPaise: p.amountPaise,
      providerReference: p.providerReference,
      payerVpa: p.payerVpa,
      needsRefund: p.needsRefund,
      refundedPaise: p.refundedPaise,
      createdAt: p.createdAt.toISOString(),
      refunds: refundRows
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({
          id: r.id,
          amountPaise: r.amountPaise,
          reference: r.reference,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
    })),
    notifications: events.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString() })),
    timeline,
    actions: allowedActions(
      row.status,
      payment,
      refundablePaise,
      row.codStatus,
      row.codConfirmedAt !== null,
      codCode !== undefined,
    ),
    codCode: codCode
      ? {
          reasons: codCode.reasons as CodCodeReason[],
          confirmedAt: codCode.confirmedAt?.toISOString() ?? null,
          sends: codCode.sends,
        }
      : null,
    refundablePaise,
    documents,
    returns: afterSale.returnsOf.get(row.id) ?? [],
  };
}

/** The order's id as stored when it is this store's; 404 otherwise (another store's is unknown here). */
export async function storeOrderId(db: Db, storeId: string, rawOrderId: string): Promise<string> {
  const orderId = normalizeOrderId(rawOrderId);
  const [row] = orderId
    ? await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)))
    : [];
  if (!row) throw new HttpError(404, `Order ${rawOrderId} not found`);
  return row.id;
}

/** The longest internal note an order takes. */
export const ORDER_NOTE_MAX = 1000;

/**
 * An internal note on an order (the shopper never sees it): kept in the activity log, so it says
 * who wrote it and when, and shown on the order's page under Notes.
 */
export async function addOrderNote(db: Db, actor: Actor, orderId: string, text: string) {
  await recordActivity(db, actor, {
    action: 'order.note',
    entityType: 'order',
    entityId: orderId,
    summary: `Note: ${text}`,
    after: { note: text },
  });
}
