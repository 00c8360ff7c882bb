import { and, count, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { orderStatus } from '@store/contracts/order-rules';
import { LOW_STOCK_THRESHOLD } from '@store/contracts/stock';
import type { Db, DbOrTx } from '../../db/client';
import { contactMessages, orders, products, stockLevels, stores } from '../../db/schema';
import { safeNumber } from '../../lib/safe-number';
import { dayStart, SHOP_TIME_ZONE, shopDate } from '../../lib/shop-days';
import { queueOwnerNotice, type DailyFigures } from '../notices/owner-notices.service';

/** The summary of a day goes out in the shop's next morning, from this hour (India time). */
export const DAILY_SUMMARY_HOUR = 8;

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

/** The day before `now` in the shop's time zone (YYYY-MM-DD). */
export function shopYesterday(now: Date): string {
  const today = new Date(`${shopDate(now)}T00:00:00Z`);
  return new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/** What one store did on `day`, and what waits now. */
export async function dailyFigures(
  db: DbOrTx,
  storeId: string,
  day: string,
): Promise<DailyFigures> {
  const sold = [orderStatus.processing, orderStatus.shipped, orderStatus.delivered];
  const [placed] = await db
    .select({
      orders: count(),
      salesPaise: sql<string>`coalesce(sum(${orders.totalPaise}), 0)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.status, sold),
        gte(orders.createdAt, dayStart(day)),
        lt(orders.createdAt, dayStart(day, 1)),
      ),
    );
  const [toShip] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.status, orderStatus.processing)));
  const [low] = await db
    .select({ n: count() })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(
      and(
        eq(products.storeId, storeId),
        isNull(products.archivedAt),
        lte(stockLevels.onHand, LOW_STOCK_THRESHOLD),
      ),
    );
  const [unread] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.storeId, storeId), isNull(contactMessages.readAt)));
  return {
    orders: placed?.orders ?? 0,
    salesPaise: safeNumber(placed?.salesPaise ?? 0),
    toShip: toShip?.n ?? 0,
    lowStock: low?.n ?? 0,
    unreadMessages: unread?.n ?? 0,
  };
}

/**
 * The `notices.daily-summary` job (hourly): from DAILY_SUMMARY_HOUR in the shop's morning, each
 * store that wants it gets the summary of the day before, once (its outbox key is the store and
 * the day, so later runs, a restart or several processes add nothing; a server that was down in
 * the morning sends it when it is back). Answers how many e-mails were offered to the outbox
 * (one already there is not queued again).
 */
export async function queueDailySummaries(db: Db, now = new Date()): Promise<number> {
  if (Number(hourFormat.format(now)) < DAILY_SUMMARY_HOUR) return 0;
  const day = shopYesterday(now);
  const wanting = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.noticeDailySummary, true));
  let queued = 0;
  for (const store of wanting) {
    queued += await db.transaction(async (tx) =>
      queueOwnerNotice(tx, 'daily_summary', {
        storeId: store.id,
        day,
        figures: await dailyFigures(tx, store.id, day),
      }),
    );
  }
  return queued;
}
