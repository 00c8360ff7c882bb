import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  AdminReturnDetail,
  AdminReturnListQuery,
  AdminReturnRow,
  ReturnAction,
} from '@store/contracts/admin/returns';
import { orderStatus } from '@store/contracts/order-rules';
import { openReturnStatuses, type ReturnStatus } from '@store/contracts/return-rules';
import type { CreateReturnBody, ShopperReturn } from '@store/contracts/returns';
import type { Db, DbOrTx } from '../../db/client';
import {
  images,
  orderItems,
  orders,
  payments,
  returnLines,
  returns,
  stores,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { documentsOfOrders } from '../invoices/invoices.service';
import { queueReturnEmail } from '../mail/outbox.service';
import { renditionUrls } from '../media/images.service';
import { queueOwnerNotice } from '../notices/owner-notices.service';
import { normalizeOrderId } from '../orders/order-id';
import { orderHistories } from '../orders/order-history.service';
import { returnableUntil, returnHistory, shopperReturnsOf } from '../orders/order-returns-view';
import type { PaymentConfig } from '../payments/payment-config';
import type { FetchLike } from '../payments/providers/payu-api';
import { recordRefund, refundableSum } from '../payments/refunds.service';
import { randomReference } from '../payments/signature';
import { returnStock } from '../products/stock.service';

import { ownOrder, shopperActor } from './shopper-cancel.service';

/** The shopper's words for each refusal of Request a return (409 return_refused). */
export const returnMessages = {
  notFound: 'Order not found or access denied',
  notDelivered: 'Only a delivered order can be returned',
  noReturns: 'This shop does not take returns',
  windowClosed: (until: string) => `Returns for this order closed on ${until}`,
  alreadyOpen: 'A return for this order is already open',
  unknownItem: 'This item is not part of the order',
  sameItemTwice: 'Each item once, with the number of units to return',
  tooMany: (title: string, left: number) =>
    left === 0
      ? `${title} has already been returned`
      : `At most ${left} of ${title} can be returned`,
  photoMissing: 'A photo could not be found: add it again',
} as const;

const refused = (message: string) => new HttpError(409, message, undefined, 'return_refused');

const indianDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

type ReturnRow = typeof returns.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** What `quantity` units of a line were paid for: their price less their share of the discounts. */
const valueOf = (item: ItemRow, quantity: number) =>
  item.unitPricePaise * quantity - Math.round((item.discountPaise * quantity) / item.quantity);

/** Units of each order line already in a return that was not rejected. */
async function unitsReturned(tx: DbOrTx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      orderItemId: returnLines.orderItemId,
      units: sql<number>`sum(${returnLines.quantity})`.mapWith(Number),
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, 'rejected')))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.units]));
}

/**
 * Request a return: the signed-in shopper's own Delivered order, within the store's window from
 * its delivery, lines of the order with at most the units delivered less those in earlier returns
 * (rejected ones do not count), a reason and up to 3 photos uploaded before (POST /returns/photos).
 * The order's row is locked for the check and the insert, and one return at a time may be open on
 * an order, so a double submit makes one request. Another shopper's order is 404.
 */
export async function requestReturn(
  db: Db,
  input: {
    storeId: string;
    userId: string;
    orderId: string;
    body: CreateReturnBody;
    now?: Date;
  },
): Promise<ShopperReturn> {
  const now = input.now ?? new Date();
  const id = normalizeOrderId(input.orderId);
  const returnId = await db.transaction(async (tx) => {
    const [order] = id
      ? await tx.select().from(orders).where(ownOrder(input, id)).for('update')
      : [];
    if (!order) throw new HttpError(404, returnMessages.notFound);
    if (order.status !== orderStatus.delivered) throw refused(returnMessages.notDelivered);
    const [store] = await tx
      .select({ windowDays: stores.returnWindowDays })
      .from(stores)
      .where(eq(stores.id, order.storeId));
    const windowDays = store?.windowDays ?? 0;
    if (windowDays <= 0) throw refused(returnMessages.noReturns);
    const history = (await orderHistories(tx, [order])).get(order.id) ?? [];
    const until = returnableUntil(order, history, windowDays);
    if (!until || now > until)
      throw refused(returnMessages.windowClosed(until ? indianDate.format(until) : 'delivery'));
    const [open] = await tx
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.orderId, order.id), inArray(returns.status, [...openReturnStatuses])));
    if (open) throw refused(returnMessages.alreadyOpen);

    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const returned = await unitsReturned(tx, order.id);
    const seen = new Set<string>();
    input.body.lines.forEach((line, i) => {
      const item = items.find((it) => it.id === line.orderItemId);
      const field = `lines.${i}`;
      if (!item)
        throw new HttpError(400, returnMessages.unknownItem, {
          [field]: returnMessages.unknownItem,
        });
      if (seen.has(item.id))
        throw new HttpError(400, returnMessages.sameItemTwice, {
          [field]: returnMessages.sameItemTwice,
        });
      seen.add(item.id);
      const left = item.quantity - (returned.get(item.id) ?? 0);
      if (line.quantity > left) {
        const message = returnMessages.tooMany(item.productTitle, Math.max(0, left));
        throw new HttpError(409, message, { [field]: message }, 'return_refused');
      }
    });

    const photoRows = input.body.photos.length
      ? await tx
          .select({ id: images.id, widths: images.widths })
          .from(images)
          .where(and(inArray(images.id, input.body.photos), eq(images.storeId, input.storeId)))
      : [];
    const photos = input.body.photos.map((photoId) => {
      const row = photoRows.find((p) => p.id === photoId);
      if (!row)
        throw new HttpError(400, returnMessages.photoMissing, {
          photos: returnMessages.photoMissing,
        });
      return renditionUrls(row.id, row.widths).url;
    });

    const [created] = await tx
      .insert(returns)
      .values({
        id: randomReference('RET', 10),
        storeId: input.storeId,
        orderId: order.id,
        userId: input.userId,
        reason: input.body.reason,
        photos,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: returns.id });
    await tx.insert(returnLines).values(
      input.body.lines.map((l) => ({
        returnId: created!.id,
        orderItemId: l.orderItemId,
        quantity: l.quantity,
      })),
    );
    await recordActivity(tx, shopperActor(input.storeId), {
      action: 'return.request',
      entityType: 'return',
      entityId: created!.id,
      summary: `Return requested on order ${order.id}: ${input.body.lines.reduce((s, l) => s + l.quantity, 0)} item(s)`,
      after: { orderId: order.id, lines: input.body.lines, reason: input.body.reason },
    });
    // the owner (and staff who opted in) hears of it with the request, unless switched off
    await queueOwnerNotice(tx, 'return_requested', {
      storeId: input.storeId,
      orderId: order.id,
      returnId: created!.id,
    });
    return created!.id;
  });
  const [order] = await db.select().from(orders).where(eq(orders.id, id!));
  const { returnsOf } = await shopperReturnsOf(db, [order!]);
  return returnsOf.get(order!.id)!.find((r) => r.id === returnId)!;
}

// ---------------------------------------------------------------------------------------------
// The back office

const rowOf = (r: ReturnRow, order: typeof orders.$inferSelect, lines: LineOf[]) => ({
  id: r.id,
  orderId: r.orderId,
  createdAt: r.createdAt.toISOString(),
  customerName: order.shippingFullName,
  contactEmail: order.contactEmail,
  itemCount: lines.reduce((s, l) => s + l.quantity, 0),
  valuePaise: lines.reduce((s, l) => s + valueOf(l.item, l.quantity), 0),
  status: r.status as ReturnStatus,
});

interface LineOf {
  returnId: string;
  quantity: number;
  item: ItemRow;
}

async function linesOf(db: DbOrTx, returnIds: string[]): Promise<LineOf[]> {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({ returnId: returnLines.returnId, quantity: returnLines.quantity, item: orderItems })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(inArray(returnLines.returnId, returnIds))
    .orderBy(asc(orderItems.position));
  return rows;
}

/** The Returns table: newest first, by state. */
export async function listReturns(
  db: Db,
  storeId: string,
  q: AdminReturnListQuery,
): Promise<{ data: AdminReturnRow[]; total: number; page: number; limit: number }> {
  const where = and(
    eq(returns.storeId, storeId),
    q.status ? eq(returns.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ret: returns, order: orders })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((r) => r.ret.id),
  );
  return {
    data: rows.map(({ ret, order }) =>
      rowOf(
        ret,
        order,
        lines.filter((l) => l.returnId === ret.id),
      ),
    ),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

const actionsOf: Record<ReturnStatus, ReturnAction[]> = {
  requested: ['approve', 'reject'],
  approved: ['receive'],
  received: ['refund'],
  rejected: [],
  refunded: [],
};

/** A return's page: the lines, the photos, the reason, the order's payments and credit notes. */
export async function getReturn(db: Db, storeId: string, id: string): Promise<AdminReturnDetail> {
  const [found] = await db
    .select({ ret: returns, order: orders })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.id, id), eq(returns.storeId, storeId)));
  if (!found) throw new HttpError(404, `Return ${id} not found`);
  const { ret, order } = found;
  const [lines, paid, documents] = await Promise.all([
    linesOf(db, [ret.id]),
    db
      .select({
        id: payments.id,
        provider: payments.provider,
        method: payments.method,
        refundablePaise: refundableSum,
      })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.createdAt)),
    documentsOfOrders(db, [order.id]),
  ]);
  return {
    ...rowOf(ret, order, lines),
    reason: ret.reason,
    photos: ret.photos,
    instructions: ret.instructions,
    rejectionReason: ret.rejectionReason,
    lines: lines.map((l) => ({
      orderItemId: l.item.id,
      title: l.item.productTitle,
      size: l.item.variantSize,
      color: l.item.variantColor,
      quantity: l.quantity,
      ordered: l.item.quantity,
      valuePaise: valueOf(l.item, l.quantity),
    })),
    refundedPaise: ret.refundedPaise,
    payments: paid.filter((p) => p.refundablePaise > 0),
    creditNotes: (documents.get(order.id) ?? []).filter((d) => d.kind === 'credit_note'),
    history: returnHistory(ret),
    actions: actionsOf[ret.status as ReturnStatus] ?? [],
  };
}

const verbs: Record<ReturnAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  receive: 'marked received',
  refund: 'refunded',
};

/**
 * Moves a return one state forward with a conditional UPDATE (only from `from`), so two clicks or
 * two staff cannot both move it and nothing moves backwards. 404 for another store's.
 */
async function moveReturn(
  tx: DbOrTx,
  storeId: string,
  id: string,
  action: ReturnAction,
  from: ReturnStatus,
  set: Partial<typeof returns.$inferInsert>,
): Promise<ReturnRow> {
  const [row] = await tx
    .update(returns)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(returns.id, id), eq(returns.storeId, storeId), eq(returns.status, from)))
    .returning();
  if (row) return row;
  const [current] = await tx
    .select({ status: returns.status })
    .from(returns)
    .where(and(eq(returns.id, id), eq(returns.storeId, storeId)));
  if (!current) throw new HttpError(404, `Return ${id} not found`);
  throw new HttpError(409, `This return is ${current.status}: it cannot be ${verbs[action]}`);
}

async function logged(
  tx: DbOrTx,
  actor: Actor,
  row: ReturnRow,
  action: ReturnAction,
  summary: string,
  after: Record<string, unknown> = {},
) {
  await recordActivity(tx, actor, {
    action: `return.${action}`,
    entityType: 'return',
    entityId: row.id,
    summary,
    after: { orderId: row.orderId, status: row.status, ...after },
  });
}

export async function approveReturn(db: Db, actor: Actor, id: string, instructions: string) {
  await db.transaction(async (tx) => {
    const row = await moveReturn(tx, actor.storeId, id, 'approve', 'requested', {
      status: 'approved',
      instructions,
      approvedAt: new Date(),
    });
    await logged(tx, actor, row, 'approve', 'Return approved', { instructions });
    await queueReturnEmail(tx, { returnId: row.id, orderId: row.orderId, status: 'approved' });
  });
}

export async function rejectReturn(db: Db, actor: Actor, id: string, reason: string) {
  await db.transaction(async (tx) => {
    const row = await moveReturn(tx, actor.storeId, id, 'reject', 'requested', {
      status: 'rejected',
      rejectionReason: reason,
      rejectedAt: new Date(),
    });
    await logged(tx, actor, row, 'reject', `Return rejected: ${reason}`, { reason });
    await queueReturnEmail(tx, { returnId: row.id, orderId: row.orderId, status: 'rejected' });
  });
}

/** The parcel is back: the returned units go back on their stock rows, once. */
export async function receiveReturn(db: Db, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await moveReturn(tx, actor.storeId, id, 'receive', 'approved', {
      status: 'received',
      receivedAt: new Date(),
    });
    const lines = (await linesOf(tx, [row.id])).filter((l) => l.item.productId !== null);
    const changed = await returnStock(
      tx,
      lines.map((l) => ({
        productId: l.item.productId!,
        size: l.item.variantSize ?? '',
        color: l.item.variantColor ?? '',
        quantity: l.quantity,
      })),
    );
    await logged(tx, actor, row, 'receive', 'Return received: stock back', {
      stockReturned: lines.map((l) => ({ orderItemId: l.item.id, quantity: l.quantity })),
    });
    return changed;
  });
}

/** One refund per return: a double click or a retry finds the first (recordRefund's key). */
export const returnRefundReference = (returnId: string) => `return-${returnId}`;

/**
 * Refund a received return, in full or in part (at most what its items were paid for, and what
 * the payment can still refund), through recordRefund: PayU's refund API for a PayU payment, else
 * recorded as refunded by the shop with the reference typed; a credit note follows the settled
 * refund. The refund's reference is derived from the return, so it is made once.
 */
export async function refundReturn(
  db: Db,
  config: PaymentConfig,
  actor: Actor,
  id: string,
  input: {
    paymentId: string;
    amountPaise: number;
    reference?: string | undefined;
    fetch?: FetchLike;
  },
) {
  const detail = await getReturn(db, actor.storeId, id);
  if (detail.status !== 'received' && detail.status !== 'refunded')
    throw new HttpError(409, `This return is ${detail.status}: it cannot be refunded`);
  if (input.amountPaise > detail.valuePaise)
    throw new HttpError(
      409,
      `At most ${(detail.valuePaise / 100).toFixed(2)} rupees: what the returned items were paid for`,
      { amount: 'More than the returned items were paid for' },
    );
  const refund = await recordRefund(db, config, {
    paymentId: input.paymentId,
    orderId: detail.orderId,
    amountPaise: input.amountPaise,
    reference: returnRefundReference(id),
    note: input.reference ? `Return ${id}, reference ${input.reference}` : `Return ${id}`,
    actor,
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });
  if (refund.status === 'failed')
    throw new HttpError(502, `The refund was refused: ${refund.note ?? 'try again'}`);
  await db.transaction(async (tx) => {
    // the row locked: of two refunds at once (a double click) the second waits for the first to
    // commit, then finds the refund recorded and answers as it (recordRefund returned the same one)
    const [current] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
    if (current?.refundId) return;
    const row = await moveReturn(tx, actor.storeId, id, 'refund', 'received', {
      status: 'refunded',
      refundId: refund.id,
      refundedPaise: refund.amountPaise,
      refundedAt: new Date(),
    });
    await logged(
      tx,
      actor,
      row,
      'refund',
      `Return refunded: ₹${(refund.amountPaise / 100).toFixed(2)}`,
      {
        refundId: refund.id,
        amountPaise: refund.amountPaise,
      },
    );
  });
}
