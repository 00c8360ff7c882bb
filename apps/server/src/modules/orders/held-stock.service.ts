import { and, asc, eq, inArray } from 'drizzle-orm';
import type { HeldStockResponse, HoldKind, StockHolder } from '@store/contracts/admin/held-stock';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { groupBy } from '../../lib/group-by';
import { codLapsesAt } from './cod-confirmation.service';
import { fairStockCaps, holdsStockWithoutMoney } from './fair-stock.service';

/** Most shoppers the screen lists: beyond this the owner has a problem the caps should not allow. */
const MAX_HOLDERS = 500;

/**
 * GET /admin/held-stock: per shopper, the orders holding stock without money (Pending, or cash on
 * delivery not yet confirmed), the units of each product they hold and when each hold lapses;
 * most units first. Orders without a shopper (an account deleted since) are not listed: no cap
 * applies to them and the expiry sweeps still return their stock.
 */
export async function listHeldStock(
  db: Db,
  storeId: string,
  payWindowMs: number,
): Promise<HeldStockResponse> {
  const caps = await fairStockCaps(db, storeId);
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      createdAt: orders.createdAt,
      totalPaise: orders.totalPaise,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.storeId, storeId), holdsStockWithoutMoney))
    .orderBy(asc(orders.createdAt));
  const ids = rows.map((r) => r.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            productId: orderItems.productId,
            title: orderItems.productTitle,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids));
  const itemsOf = groupBy(items, (i) => i.orderId);

  const holders: StockHolder[] = [];
  for (const [userId, mine] of groupBy(rows, (r) => r.userId!)) {
    const first = mine[0]!;
    const units = new Map<string, { productId: string | null; title: string; units: number }>();
    const held = mine.map((o) => {
      const kind: HoldKind = o.status === orderStatus.pending ? 'unpaid' : 'cod_unconfirmed';
      for (const i of itemsOf.get(o.id) ?? []) {
        const key = i.productId ?? `deleted:${i.title}`;
        const seen = units.get(key);
        if (seen) seen.units += i.quantity;
        else units.set(key, { productId: i.productId, title: i.title, units: i.quantity });
      }
      const lapsesAt =
        kind === 'unpaid'
          ? new Date(o.createdAt.getTime() + payWindowMs)
          : codLapsesAt(o.createdAt, caps.codConfirmHours);
      return {
        id: o.id,
        kind,
        createdAt: o.createdAt.toISOString(),
        lapsesAt: lapsesAt.toISOString(),
        totalPaise: o.totalPaise,
      };
    });
    const products = [...units.values()].sort((a, b) => b.units - a.units);
    holders.push({
      userId,
      email: first.email,
      name: `${first.firstName} ${first.lastName}`.trim(),
      orders: held,
      products,
      units: products.reduce((sum, p) => sum + p.units, 0),
      nextLapseAt: held.map((h) => h.lapsesAt).sort()[0]!,
    });
  }
  holders.sort((a, b) => b.units - a.units || a.nextLapseAt.localeCompare(b.nextLapseAt));
  return {
    holders: holders.slice(0, MAX_HOLDERS),
    maxOpenOrders: caps.maxOpenOrders,
    maxHeldUnits: caps.maxHeldUnits,
  };
}
