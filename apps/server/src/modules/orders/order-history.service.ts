import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderStatus, type OrderHistoryStage } from '@store/contracts/order-rules';
import type { OrderHistoryEntry } from '@store/contracts/orders';
import type { DbOrTx } from '../../db/client';
import type { orders } from '../../db/schema';
import { activityLog, paymentEvents, payments } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** The logged actions that move an order to a stage the shopper sees (order-transitions, cod). */
const stageOfAction: Record<string, OrderHistoryStage> = {
  'order.ship': 'shipped',
  'order.deliver': 'delivered',
  'order.cancel': 'cancelled',
  'order.return_undelivered': 'cancelled',
  'order.cod_collected': 'paid',
};

const stageOfStatus: Partial<Record<number, OrderHistoryStage>> = {
  [orderStatus.shipped]: 'shipped',
  [orderStatus.delivered]: 'delivered',
  [orderStatus.cancelled]: 'cancelled',
};

/**
 * Each order's status history for the shopper, oldest first: Placed (the order's time), Paid (an
 * online payment: the gateway's last word on it, as the back office's timeline dates it; a manual
 * one when recorded; cash on delivery when the cash was recorded), Processing (cash on delivery:
 * when chosen), then Shipped, Delivered and Cancelled from the activity log. Only stages and dates:
 * who did it and why stay in the back office. A stage the log does not hold (an unpaid order
 * expired by the job, a change made before the log existed) takes the order's last update, for its
 * current status only.
 */
export async function orderHistories(
  db: DbOrTx,
  rows: OrderRow[],
): Promise<Map<string, OrderHistoryEntry[]>> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return new Map();
  const lastWord = sql<
    Date | string | null
  >`(select max(${paymentEvents.receivedAt}) from ${paymentEvents} where ${paymentEvents.paymentId} = ${sql.raw('"payments"."id"')})`;
  const [paid, logged] = await Promise.all([
    db
      .select({
        orderId: payments.orderId,
        provider: payments.provider,
        status: payments.status,
        createdAt: payments.createdAt,
        lastWord,
      })
      .from(payments)
      .where(
        and(
          inArray(payments.orderId, ids),
          sql`(${payments.provider} = 'cod' or (${payments.status} = 'succeeded' and ${payments.providerStatus} is distinct from 'amount_mismatch' and ${payments.providerStatus} is distinct from 'duplicate'))`,
        ),
      ),
    db
      .select({
        orderId: activityLog.entityId,
        action: activityLog.action,
        at: activityLog.createdAt,
      })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityType, 'order'),
          inArray(activityLog.entityId, ids),
          inArray(activityLog.action, Object.keys(stageOfAction)),
        ),
      ),
  ]);

  const histories = new Map<string, OrderHistoryEntry[]>();
  for (const row of rows) {
    const firstAt = new Map<OrderHistoryStage, Date>([['placed', row.createdAt]]);
    const note = (stage: OrderHistoryStage, at: Date) => {
      const known = firstAt.get(stage);
      if (!known || at < known) firstAt.set(stage, at);
    };
    for (const p of paid.filter((p) => p.orderId === row.id)) {
      if (p.provider === 'cod') note('processing', p.createdAt);
      else note('paid', p.lastWord ? new Date(p.lastWord) : p.createdAt);
    }
    for (const a of logged.filter((a) => a.orderId === row.id))
      note(stageOfAction[a.action]!, a.at);
    const current = stageOfStatus[row.status];
    if (current && !firstAt.has(current)) note(current, row.updatedAt);
    histories.set(
      row.id,
      [...firstAt]
        .sort((a, b) => a[1].getTime() - b[1].getTime())
        .map(([stage, at]) => ({ stage, at: at.toISOString() })),
    );
  }
  return histories;
}
