import { asc, desc, eq, sql } from 'drizzle-orm';
import { orderStatus } from '@store/contracts/order-rules';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { normalizeOrderId } from './order-id';
import { shippingAddressOf } from './orders.service';
import type {
  OperatorOrderDetail,
  OperatorOrderListQuery,
  OperatorOrderSummary,
} from '@store/contracts/operator';

/*
 * The shop owner's view of orders: every store's, like the operator's ship / deliver / cancel
 * (order-transitions.service.ts), since whoever holds the server's key runs the whole installation.
 */

/** Newest first; `status` narrows to one status (Processing: the orders waiting to be shipped). */
export async function listOperatorOrders(
  db: DbOrTx,
  query: OperatorOrderListQuery,
): Promise<OperatorOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      totalPaise: orders.totalPaise,
      // sum() is bigint, which node-postgres returns as a string
      itemCount: sql<number>`cast(coalesce(sum(${orderItems.quantity}), 0) as integer)`,
      contactEmail: orders.contactEmail,
      city: orders.shippingCity,
      postalCode: orders.shippingPostalCode,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(query.status === undefined ? undefined : eq(orders.status, orderStatus[query.status]))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One order with its lines and payment attempts; 404 when there is no such order. */
export async function getOperatorOrder(
  db: DbOrTx,
  rawOrderId: string,
): Promise<OperatorOrderDetail> {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new HttpError(404, `Not an order id: ${rawOrderId}`);
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new HttpError(404, `Order ${orderId} not found`);
  const [items, attempts] = await Promise.all([
    db
      .select({
        quantity: orderItems.quantity,
        title: orderItems.productTitle,
        size: orderItems.variantSize,
        color: orderItems.variantColor,
        unitPricePaise: orderItems.unitPricePaise,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position)),
    db
      .select({
        id: payments.id,
        provider: payments.provider,
        method: payments.method,
        status: payments.status,
        amountPaise: payments.amountPaise,
        providerReference: payments.providerReference,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    trackingNumber: row.trackingNumber,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    shippingAddress: shippingAddressOf(row),
    totalPaise: row.totalPaise,
    items,
    payments: attempts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}
