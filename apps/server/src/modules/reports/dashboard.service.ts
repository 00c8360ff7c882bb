import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Dashboard } from '@store/contracts/admin/people';
import { orderStatus } from '@store/contracts/order-rules';
import { LOW_STOCK_THRESHOLD } from '@store/contracts/stock';
import type { Db } from '../../db/client';
import { orders, payments, products, stockLevels } from '../../db/schema';
import { safeNumber } from '../../lib/safe-number';
import { SHOP_TIME_ZONE } from '../../lib/shop-days';
import { codSettled, paidOrderStatuses } from '../orders/order-status';
import { refundableSum } from '../payments/refunds.service';

const LIST_SIZE = 10;
/** The shop's day: sales are counted by its calendar. */
const ZONE = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** The shop's date `daysBack` days before `now`'s, as a timestamptz: the start of that day. */
const dayStartBefore = (now: Date, daysBack: number) =>
  sql`(((${now.toISOString()}::timestamptz at time zone ${ZONE})::date - ${daysBack}::int)::timestamp at time zone ${ZONE})`;

const period = (revenue: number, n: number) => ({
  revenuePaise: revenue,
  paidOrders: n,
  averageOrderPaise: n > 0 ? Math.round(revenue / n) : 0,
});

/** Sales of today, 7 and 30 days (today included), in one pass over the last 30 days' orders. */
async function salesPeriods(db: Db, storeId: string, now: Date) {
  const since = (days: number) => sql`${orders.createdAt} >= ${dayStartBefore(now, days - 1)}`;
  // a sum of bigint paise is numeric: never cast down to int4 (₹2.147 crore), read exactly
  const sumSince = (days: number) =>
    sql`coalesce(sum(${orders.totalPaise}) filter (where ${since(days)}), 0)`.mapWith(safeNumber);
  const countSince = (days: number) => sql<number>`(count(*) filter (where ${since(days)}))::int`;
  const [row] = await db
    .select({
      today: sumSince(1),
      todayN: countSince(1),
      week: sumSince(7),
      weekN: countSince(7),
      month: sumSince(30),
      monthN: countSince(30),
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.status, [...paidOrderStatuses]),
        codSettled,
        since(30),
      ),
    );
  const r = row ?? { today: 0, todayN: 0, week: 0, weekN: 0, month: 0, monthN: 0 };
  return {
    today: period(r.today, r.todayN),
    last7Days: period(r.week, r.weekN),
    last30Days: period(r.month, r.monthN),
  };
}

/** Revenue per shop day for the last 30 days, oldest first, a zero for a day without sales. */
async function dailyRevenue(db: Db, storeId: string, now: Date) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${ZONE})::date`;
  // both drivers answer { rows } (the Db type leaves the result shape open)
  const result = (await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(sum(o.total_paise), 0) as revenue
    from generate_series(${today} - 29, ${today}, interval '1 day') as d(day)
    left join ${orders} o
      on o.store_id = ${storeId}
     and o.status in (${sql.join(
       paidOrderStatuses.map((s) => sql`${s}`),
       sql`, `,
     )})
     and (o.cod_status is null or o.cod_status = 'collected')
     and (o.created_at at time zone ${ZONE})::date = d.day::date
    group by d.day
    order by d.day`)) as unknown as { rows: { date: string; revenue: unknown }[] };
  return result.rows.map((r) => ({ date: r.date, revenuePaise: safeNumber(r.revenue) }));
}

/** The dashboard: sales, the 30-day chart and the three work lists (each up to 10 rows). */
export async function getDashboard(db: Db, storeId: string, now = new Date()): Promise<Dashboard> {
  const [periods, daily, toShip, refundsDue, lowStock] = await Promise.all([
    salesPeriods(db, storeId, now),
    dailyRevenue(db, storeId, now),
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        customerName: orders.shippingFullName,
        totalPaise: orders.totalPaise,
      })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.status, orderStatus.processing)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(LIST_SIZE),
    db
      .select({
        paymentId: payments.id,
        orderId: payments.orderId,
        amountPaise: payments.amountPaise,
        refundablePaise: refundableSum,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(
        and(eq(payments.storeId, storeId), eq(payments.needsRefund, true), gt(refundableSum, 0)),
      )
      .orderBy(asc(payments.createdAt))
      .limit(LIST_SIZE),
    db
      .select({
        productId: products.id,
        title: products.title,
        size: stockLevels.size,
        color: stockLevels.color,
        onHand: stockLevels.onHand,
      })
      .from(stockLevels)
      .innerJoin(products, eq(products.id, stockLevels.productId))
      .where(
        and(
          eq(products.storeId, storeId),
          isNull(products.archivedAt),
          lte(stockLevels.onHand, LOW_STOCK_THRESHOLD),
        ),
      )
      .orderBy(
        asc(stockLevels.onHand),
        asc(products.title),
        asc(stockLevels.size),
        asc(stockLevels.color),
      )
      .limit(LIST_SIZE),
  ]);
  return {
    ...periods,
    dailyRevenue: daily,
    toShip: toShip.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    refundsDue: refundsDue.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    lowStock,
  };
}
