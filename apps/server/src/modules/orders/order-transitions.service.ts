import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import { normaliseTrackingNumber, trackingNumberProblem } from '@store/contracts/carriers';
import { codCodeMessages } from '@store/contracts/cod-codes';
import { orderStatus, orderStatusLabel } from '@store/contracts/order-rules';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import { returnStock } from '../products/stock.service';
import { recordActivity, type Actor } from '../activity/activity.service';
import { issueInvoiceInSavepoint } from '../invoices/deferred-invoices.service';
import { issueCreditNote } from '../invoices/invoices.service';
import { queueNewOrderNotice } from '../notices/owner-notices.service';
import { queueOrderEmail, type OrderEmailEvent } from '../mail/outbox.service';
import { queueOrderMessage } from '../messaging/message-outbox.service';
import { waitsForCodCode } from './cod-code-view';
import { normalizeOrderId } from './order-id';
import { nextOrderStatus, orderTransition, type OrderAction } from './order-status';
import { paymentBeingConfirmed } from './orders.service';

export type OperatorAction = Exclude<OrderAction, 'pay' | 'acceptCod'>;

/**
 * A refused transition. `kind` tells an HTTP caller which answer fits: 'conflict' (409: the status
 * does not allow it, or changed meanwhile), 'not_found' (404 in the back office; the operator's
 * endpoint keeps its 409), 'invalid' (400: a bad tracking number or carrier, on `field`).
 */
export class OrderTransitionError extends Error {
  constructor(
    message: string,
    public readonly kind: 'conflict' | 'not_found' | 'invalid' = 'conflict',
    public readonly field?: 'trackingNumber' | 'carrier',
    /** the API's code for a conflict a client acts on (contracts/api-errors.ts) */
    public readonly code?: 'cod_code_needed',
  ) {
    super(message);
  }
}

export interface TransitionedOrder {
  id: string;
  from: number;
  to: number;
  trackingNumber: string | null;
  /** who carries it, when a carrier was named (optional: older callers build this shape too) */
  carrier?: string | null;
}

export interface TransitionOptions {
  /** ship: required */
  trackingNumber?: string | undefined;
  /** ship: one of contracts/carriers.ts; the tracking number is then checked against its format */
  carrier?: string | undefined;
  /**
   * ship: the carrier and AWB a courier's API gave (modules/shipping), stored as given: they are
   * the courier's, not typed by staff, so the hand-entry formats of contracts/carriers.ts do not apply
   */
  booked?: { carrier: string; trackingNumber: string } | undefined;
  /** the order must belong to this store (else "not found"); defaults to a given Actor's store */
  storeId?: string | undefined;
  /**
   * who does it: the change is logged (order.ship / order.deliver / order.cancel /
   * order.return_undelivered) in its
   * transaction. A function gets the order's store, so the CLI can pass `commandLineActor`.
   */
  actor?: Actor | ((orderStoreId: string) => Actor) | undefined;
  /** cancel: why, for the activity log (the shopper sees only that the shop cancelled) */
  reason?: string | undefined;
  /**
   * cancel: the order's stored cancel_reason code: 'operator' (the shop) unless given; the
   * shopper's own cancel (modules/returns) stores 'shopper', so My Orders can say who cancelled
   */
  cancelReason?: 'operator' | 'shopper' | undefined;
  /** runs after a cancel whose returned stock changes what a storefront shows */
  onAvailabilityChange?: (() => void) | undefined;
}

/**
 * The conditional UPDATE of an action: it changes the order only while its status is one the action
 * may start from, so two operators (or an operator and a payment notification) cannot both win.
 * Null when the status no longer allows it.
 */
async function applyTransition(
  db: DbOrTx,
  orderId: string,
  action: OrderAction,
  change: { trackingNumber?: string; carrier?: string | null; cancelReason?: string } = {},
) {
  const { from, to } = orderTransition(action);
  const [row] = await db
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(change.trackingNumber === undefined ? {} : { trackingNumber: change.trackingNumber }),
      ...(change.carrier === undefined ? {} : { carrier: change.carrier }),
      ...(change.cancelReason === undefined ? {} : { cancelReason: change.cancelReason }),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({
      status: orders.status,
      trackingNumber: orders.trackingNumber,
      carrier: orders.carrier,
    });
  return row ?? null;
}

/**
 * Ends the open cash-on-delivery attempt of an order: 'expired' when no cash is expected any more
 * (paid online instead, cancelled), 'failed' when the parcel came back undelivered.
 */
export async function closeCodAttempt(
  tx: DbOrTx,
  orderId: string,
  status: 'expired' | 'failed',
  now: Date,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status, updatedAt: now })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, 'cod'),
        eq(payments.status, 'pending'),
      ),
    );
}

/**
 * Pending -> Processing, inside the transaction that applies a verified payment notification
 * (payments.service applyNotification), the only way an order is paid. False when the order is no
 * longer Pending.
 */
export async function markOrderPaid(tx: DbOrTx, orderId: string): Promise<boolean> {
  if ((await applyTransition(tx, orderId, 'pay')) === null) return false;
  // the tax invoice is issued as the order becomes paid, in the same transaction (in a savepoint:
  // if it cannot be written, the payment still stands and the invoices job issues it later)
  await issueInvoiceInSavepoint(tx, { orderId });
  await queueOrderEmail(tx, orderId, 'paid');
  // the owner's "New order" (modules/notices), with the shopper's "payment received"
  await queueNewOrderNotice(tx, orderId);
  return true;
}

/**
 * Pending -> Processing for an order its discounts cover in full (total ₹0), in the transaction
 * that places it: there is nothing to pay, so no payment page and no payment (a ₹0 payment breaks
 * gateways: Saleor #16238). It leaves the unpaid-order expiry and gets its tax invoice (₹0, the
 * discount printed) as a paid order does; the "placed" e-mail says there is nothing to pay, and
 * no "payment received" e-mail follows. False when the order is not Pending or not free.
 */
export async function confirmFreeOrder(tx: DbOrTx, orderId: string): Promise<boolean> {
  const { from, to } = orderTransition('pay');
  const [row] = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from]), eq(orders.totalPaise, 0)))
    .returning({ id: orders.id });
  if (!row) return false;
  await issueInvoiceInSavepoint(tx, { orderId });
  // a new order to pack all the same: the owner is told
  await queueNewOrderNotice(tx, orderId);
  return true;
}

/**
 * Pending -> Processing for cash on delivery, marked cod_status 'to_collect', inside the
 * transaction of the shopper's choice (payments.service startPayment). Nothing is paid: the order
 * goes ahead to be shipped (its stock was taken when it was placed) and leaves the Pending-only
 * expiry sweep. False when the order is no longer Pending.
 */
export async function acceptCashOnDelivery(tx: DbOrTx, orderId: string): Promise<boolean> {
  const { from, to } = orderTransition('acceptCod');
  const [row] = await tx
    .update(orders)
    .set({ status: to, codStatus: 'to_collect', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({ id: orders.id });
  if (!row) return false;
  // a cash-on-delivery order is a new order to pack: the owner is told now, not when paid
  await queueNewOrderNotice(tx, orderId);
  return true;
}

/**
 * cod_status 'to_collect' -> 'collected', in the transaction that records the cash (payments'
 * cod.service). False when it was not to collect (already collected, or not a COD order).
 */
export async function markCodCollected(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ codStatus: 'collected', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.codStatus, 'to_collect')))
    .returning({ id: orders.id });
  return row !== undefined;
}

/**
 * A cash-on-delivery order still to collect that the shopper paid online after all (an online
 * attempt started before choosing cash on delivery, approved afterwards), inside the transaction
 * that applies the verified notification (payments.service applyNotification). The money settles
 * the order: nothing is left to collect at the door (cod_status cleared, the open COD attempt
 * expired), the tax invoice is issued unless dispatch already did, and the "payment received"
 * e-mail is queued. False when the order is not a COD order still to collect (cancelled, cash
 * already recorded, or never COD): the money is then owed back.
 */
export async function settleCodOrderOnline(tx: DbOrTx, orderId: string): Promise<boolean> {
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ codStatus: null, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.codStatus, 'to_collect'),
        inArray(orders.status, [
          orderStatus.processing,
          orderStatus.shipped,
          orderStatus.delivered,
        ]),
      ),
    )
    .returning({ id: orders.id });
  if (!row) return false;
  await closeCodAttempt(tx, orderId, 'expired', now);
  await issueInvoiceInSavepoint(tx, { orderId });
  await queueOrderEmail(tx, orderId, 'paid');
  return true;
}

/** Puts a cancelled order's units back on their stock rows (in the cancel's transaction). */
export async function returnOrderStock(tx: DbOrTx, orderId: string): Promise<boolean> {
  const items = await tx
    .select({
      productId: orderItems.productId,
      size: orderItems.variantSize,
      color: orderItems.variantColor,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)));
  return returnStock(
    tx,
    items.map((i) => ({
      productId: i.productId!,
      size: i.size ?? '',
      color: i.color ?? '',
      quantity: i.quantity,
    })),
  );
}

/**
 * The operator's cancel: status, cancel reason, the stock back and, when the order was paid, its
 * payment flagged as owed back, all in one transaction. The conditional status UPDATE is the
 * guard: of two concurrent cancels only one changes a row, so stock returns once.
 */
async function cancelByOperator(
  tx: DbOrTx,
  orderId: string,
  cancelReason: 'operator' | 'shopper' = 'operator',
): Promise<{
  status: number;
  trackingNumber: string | null;
  carrier: string | null;
  availabilityChanged: boolean;
  flaggedPayments: string[];
} | null> {
  const row = await applyTransition(tx, orderId, 'cancel', { cancelReason });
  if (!row) return null;
  const availabilityChanged = await returnOrderStock(tx, orderId);
  // payments/ imports orders, never the reverse; this is the one write orders makes there
  const flagged = await tx
    .update(payments)
    .set({ needsRefund: true, updatedAt: new Date() })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'succeeded'),
        lt(payments.refundedPaise, payments.amountPaise),
      ),
    )
    .returning({ id: payments.id });
  // cash on delivery that will never be collected: its open attempt ends, and nothing is "to collect"
  await closeCodAttempt(tx, orderId, 'expired', new Date());
  await tx
    .update(orders)
    .set({ codStatus: null })
    .where(and(eq(orders.id, orderId), eq(orders.codStatus, 'to_collect')));
  return { ...row, availabilityChanged, flaggedPayments: flagged.map((p) => p.id) };
}

/**
 * A Shipped cash-on-delivery parcel refused at the door (return to origin): the order is
 * Cancelled with cancel_reason 'returned', its stock comes back, its open COD attempt fails and
 * nothing is left to collect, and a credit note reverses the invoice issued at dispatch, all in
 * one transaction. The conditional UPDATE (Shipped and still to collect) is the guard against a
 * second return and against the cash being recorded meanwhile.
 */
async function returnUndelivered(
  tx: DbOrTx,
  orderId: string,
): Promise<{
  status: number;
  trackingNumber: string | null;
  carrier: string | null;
  availabilityChanged: boolean;
  creditNote: string | null;
} | null> {
  const { from, to } = orderTransition('return_undelivered');
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: to, cancelReason: 'returned', codStatus: null, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, [...from]),
        eq(orders.codStatus, 'to_collect'),
      ),
    )
    .returning({
      status: orders.status,
      trackingNumber: orders.trackingNumber,
      carrier: orders.carrier,
    });
  if (!row) return null;
  const availabilityChanged = await returnOrderStock(tx, orderId);
  // the cash will never come: the attempt failed at the door, no money is expected
  await closeCodAttempt(tx, orderId, 'failed', now);
  const creditNote = await issueCreditNote(tx, { orderId, reason: 'returned', now });
  return { ...row, availabilityChanged, creditNote: creditNote?.number ?? null };
}

/** the shopper's e-mail for each operator action, queued in its transaction */
const emailOfAction: Record<OperatorAction, OrderEmailEvent> = {
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  return_undelivered: 'cancelled',
};

const actionNames: Record<OperatorAction, string> = {
  ship: 'Marked shipped',
  deliver: 'Marked delivered',
  cancel: 'Cancelled',
  return_undelivered: 'Returned undelivered',
};

/** The activity line of a transition, also the order page's timeline text. */
function activitySummary(
  action: OperatorAction,
  change: { carrier: string | null; trackingNumber: string | null; reason?: string | undefined },
) {
  if (action === 'ship') {
    const via = [change.carrier, change.trackingNumber].filter(Boolean).join(' ');
    return via ? `${actionNames.ship} with ${via}` : actionNames.ship;
  }
  if (action === 'cancel' && change.reason) return `${actionNames.cancel}: ${change.reason}`;
  return actionNames[action];
}

/**
 * Returned undelivered is for a Shipped cash-on-delivery order whose cash is still to collect;
 * anything else is refused (409) with what to do instead.
 */
function returnUndeliveredAllowed(current: { status: number; codStatus: string | null }) {
  const refuse = (message: string) => {
    throw new OrderTransitionError(message);
  };
  if (current.status === orderStatus.cancelled) refuse('This order is already cancelled');
  if (current.codStatus === null)
    refuse(
      'Only a cash-on-delivery order can be returned undelivered; cancel it or record a refund instead',
    );
  if (current.codStatus !== 'to_collect')
    refuse('The cash for this order is already recorded: it cannot be returned undelivered');
  if (current.status === orderStatus.delivered)
    refuse('This order is marked delivered: it cannot be returned undelivered');
  if (current.status !== orderStatus.shipped)
    refuse('This order has not been shipped yet: cancel it instead');
}

/** The tracking number and carrier a ship action stores, or why they cannot be. */
function shipmentOf(options: TransitionOptions): {
  trackingNumber: string;
  carrier: string | null;
} {
  if (options.booked) return { ...options.booked };
  const tracking = options.trackingNumber?.trim();
  if (!tracking)
    throw new OrderTransitionError(
      'Shipping needs a tracking number: --tracking <number>',
      'invalid',
      'trackingNumber',
    );
  if (options.carrier !== undefined) {
    const trackingNumber = normaliseTrackingNumber(tracking);
    const problem = trackingNumberProblem(options.carrier, trackingNumber);
    if (problem) {
      const field = problem === 'Choose a carrier from the list' ? 'carrier' : 'trackingNumber';
      throw new OrderTransitionError(problem, 'invalid', field);
    }
    return { trackingNumber, carrier: options.carrier };
  }
  // the command line without a carrier: any plain reference, as before carriers were known
  if (tracking.length > 64 || !/^[\w-]+$/.test(tracking)) {
    throw new OrderTransitionError(
      'A tracking number is up to 64 letters, digits, dashes or underscores',
      'invalid',
      'trackingNumber',
    );
  }
  return { trackingNumber: tracking, carrier: null };
}

/**
 * The operator's and the back office's ship / deliver / cancel, with a message for each refusal.
 * Paying is not here: only a verified notification or a recorded payment does that
 * (markOrderPaid). The status change, its side effects (stock back, refund flag) and the activity
 * entry of `actor` commit together.
 */
export async function transitionOrder(
  db: Db,
  rawOrderId: string,
  action: OperatorAction,
  options: TransitionOptions = {},
): Promise<TransitionedOrder> {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new OrderTransitionError(`Not an order id: ${rawOrderId}`, 'not_found');
  const shipment = action === 'ship' ? shipmentOf(options) : null;
  if (action !== 'ship' && options.trackingNumber?.trim()) shipmentOf(options);
  const storeId =
    options.storeId ?? (typeof options.actor === 'object' ? options.actor.storeId : undefined);

  const [current] = await db
    .select({
      storeId: orders.storeId,
      status: orders.status,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      codStatus: orders.codStatus,
      codConfirmedAt: orders.codConfirmedAt,
    })
    .from(orders)
    .where(
      and(eq(orders.id, orderId), storeId === undefined ? undefined : eq(orders.storeId, storeId)),
    );
  if (!current) throw new OrderTransitionError(`Order ${orderId} not found`, 'not_found');
  // cash on delivery that checks first (cod-code.service): not shipped before the shopper gives
  // the code sent to the phone, or staff confirm the order by hand after a call
  if (
    action === 'ship' &&
    current.codStatus === 'to_collect' &&
    current.codConfirmedAt === null &&
    (await waitsForCodCode(db, orderId))
  )
    throw new OrderTransitionError(
      codCodeMessages.shipBlocked,
      'conflict',
      undefined,
      'cod_code_needed',
    );
  if (action === 'return_undelivered') returnUndeliveredAllowed(current);
  const next = nextOrderStatus(current.status, action);
  if (!next.ok) throw new OrderTransitionError(next.error);
  const actor =
    typeof options.actor === 'function' ? options.actor(current.storeId) : options.actor;

  const result = await db.transaction(async (tx) => {
    const row =
      action === 'cancel'
        ? await cancelByOperator(tx, orderId, options.cancelReason)
        : action === 'return_undelivered'
          ? await returnUndelivered(tx, orderId)
          : await applyTransition(tx, orderId, action, shipment ?? {});
    if (!row) return null;
    // cash on delivery is never marked paid: its tax invoice is issued at dispatch, to travel
    // with the parcel
    if (action === 'ship' && current.codStatus !== null) {
      await issueInvoiceInSavepoint(tx, { orderId });
      // shipping a COD order is staff's confirmation: it no longer expires (fair stock)
      await tx
        .update(orders)
        .set({ codConfirmedAt: new Date() })
        .where(and(eq(orders.id, orderId), isNull(orders.codConfirmedAt)));
    }
    await queueOrderEmail(tx, orderId, emailOfAction[action]);
    // WhatsApp/SMS tell of dispatch (with the track-order link) and delivery, with consent only
    if (action === 'ship') await queueOrderMessage(tx, orderId, 'shipped');
    if (action === 'deliver') await queueOrderMessage(tx, orderId, 'delivered');
    if (actor) {
      const flagged = 'flaggedPayments' in row ? row.flaggedPayments : [];
      await recordActivity(tx, actor, {
        action: `order.${action}`,
        entityType: 'order',
        entityId: orderId,
        summary: activitySummary(action, { ...row, reason: options.reason }),
        before: {
          status: current.status,
          carrier: current.carrier,
          trackingNumber: current.trackingNumber,
        },
        after: {
          status: row.status,
          carrier: row.carrier,
          trackingNumber: row.trackingNumber,
          ...(action === 'cancel'
            ? {
                reason: options.reason ?? null,
                stockReturned: true,
                paymentsFlaggedForRefund: flagged,
              }
            : {}),
          ...(action === 'return_undelivered'
            ? {
                cancelReason: 'returned',
                stockReturned: true,
                creditNote: 'creditNote' in row ? row.creditNote : null,
              }
            : {}),
        },
      });
    }
    return row;
  });
  if (!result)
    throw new OrderTransitionError(
      `Order ${orderId} changed meanwhile; it is no longer ${orderStatusLabel(current.status)}`,
    );
  if ('availabilityChanged' in result && result.availabilityChanged)
    options.onAvailabilityChange?.();
  return {
    id: orderId,
    from: current.status,
    to: result.status,
    trackingNumber: result.trackingNumber,
    carrier: result.carrier,
  };
}

/**
 * Cancels Pending orders placed more than `olderThanMs` ago that nobody paid, returns their stock
 * (reason 'expired') and expires their open payment attempts. An order whose payment the provider
 * is still confirming (PayU `pending`) waits for that answer. Each order is its own short
 * transaction, conditional on the order still being Pending and unconfirmed, so a payment that
 * lands meanwhile wins (or, arriving after, finds the order cancelled and is flagged for refund
 * by payments). Returns how many orders it cancelled. The job runner calls it every minute.
 */
export async function expireUnpaidOrders(
  db: Db,
  opts: {
    olderThanMs: number;
    now?: Date;
    limit?: number;
    /** runs once when returned stock changed what a storefront shows */
    onAvailabilityChange?: () => void;
  },
): Promise<number> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - opts.olderThanMs);
  const unconfirmed = notExists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.orderId, orders.id), paymentBeingConfirmed)),
  );
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, orderStatus.pending), lt(orders.createdAt, cutoff), unconfirmed))
    .orderBy(asc(orders.createdAt))
    .limit(opts.limit ?? 500);
  return cancelEachDue(
    db,
    due,
    async (tx, id) => {
      const [row] = await tx
        .update(orders)
        .set({ status: orderStatus.cancelled, cancelReason: 'expired', updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, orderStatus.pending), unconfirmed))
        .returning({ id: orders.id });
      if (!row) return null;
      await queueOrderEmail(tx, id, 'cancelled');
      await tx
        .update(payments)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(payments.orderId, id), eq(payments.status, 'pending')));
      return returnOrderStock(tx, id);
    },
    opts.onAvailabilityChange,
  );
}

/**
 * The expiry jobs' loop (unpaid orders here, unconfirmed cash on delivery in
 * cod-confirmation.service.ts): each due order is cancelled in a short transaction of its own by
 * `cancelOne`, which answers null when the order moved on meanwhile (paid, confirmed) and else
 * whether returned stock changed what a storefront shows; `onAvailabilityChange` runs once for
 * the batch. Returns how many orders were cancelled.
 */
export async function cancelEachDue(
  db: Db,
  due: { id: string }[],
  cancelOne: (tx: DbOrTx, id: string) => Promise<boolean | null>,
  onAvailabilityChange?: () => void,
): Promise<number> {
  let cancelled = 0;
  let availabilityChanged = false;
  for (const { id } of due) {
    const changed = await db.transaction((tx) => cancelOne(tx, id));
    if (changed === null) continue;
    cancelled++;
    availabilityChanged ||= changed;
  }
  if (availabilityChanged) onAvailabilityChange?.();
  return cancelled;
}
