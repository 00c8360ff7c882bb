import { and, eq, inArray, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@store/contracts/stock';
import type { DbOrTx } from '../../db/client';
import { orders, products, stockLevels, stores } from '../../db/schema';
import { queueEmail, type EmailKind } from '../mail/outbox.service';
import { noticeRecipients } from './notice-recipients.service';

/**
 * The owner's e-mails (docs/decisions/messages-and-owner-notices.md): what happened, to every
 * owner and each staff member who opted in, each switched off in Store settings.
 */
export type OwnerNoticeKind = 'new_order' | 'return_requested' | 'low_stock' | 'daily_summary';

/** The day's figures of a daily summary, worked out when it is queued. */
export interface DailyFigures {
  /** orders placed that day that were paid or taken as cash on delivery, and their value */
  orders: number;
  salesPaise: number;
  /** orders waiting to be shipped now (Processing) */
  toShip: number;
  /** variants at or below the low-stock threshold now (sold out included) */
  lowStock: number;
  /** contact messages no one has read yet */
  unreadMessages: number;
}

/** What each notice says; `storeId` and the event's own key are in every one. */
export interface OwnerNoticeData {
  new_order: { storeId: string; orderId: string };
  /** for the returns of issue 27 item 2: call this in the transaction that records the request */
  return_requested: { storeId: string; orderId: string; returnId: string };
  low_stock: {
    storeId: string;
    /** the order that took the stock to the threshold: one notice per crossing */
    orderId: string;
    productId: string;
    title: string;
    /** "Size A5, Blue"; '' for a product without choices */
    variant: string;
    left: number;
  };
  /** `day`: the shop's day summed up, YYYY-MM-DD (Asia/Kolkata) */
  daily_summary: { storeId: string; day: string; figures: DailyFigures };
}

/** The store setting that switches each notice off. */
const settingOf = {
  new_order: stores.noticeNewOrder,
  return_requested: stores.noticeReturnRequest,
  low_stock: stores.noticeLowStock,
  daily_summary: stores.noticeDailySummary,
} as const;

export const ownerEmailKind = {
  new_order: 'owner_new_order',
  return_requested: 'owner_return_requested',
  low_stock: 'owner_low_stock',
  daily_summary: 'owner_daily_summary',
} as const satisfies Record<OwnerNoticeKind, EmailKind>;

/** One e-mail per event, ever: the event's key (a retry or a replay adds nothing). */
function eventKey<K extends OwnerNoticeKind>(kind: K, data: OwnerNoticeData[K]): string {
  const d = data as OwnerNoticeData[OwnerNoticeKind];
  switch (kind) {
    case 'new_order':
      return `owner:new-order:${(d as OwnerNoticeData['new_order']).orderId}`;
    case 'return_requested':
      return `owner:return:${(d as OwnerNoticeData['return_requested']).returnId}`;
    case 'low_stock': {
      const l = d as OwnerNoticeData['low_stock'];
      return `owner:low-stock:${l.orderId}:${l.productId}:${l.variant}`;
    }
    default:
      return `owner:summary:${d.storeId}:${(d as OwnerNoticeData['daily_summary']).day}`;
  }
}

/**
 * Queues the owner's e-mail of `kind` on the caller's transaction (the one that made the change),
 * to every recipient, unless the store switched that notice off. Each is sent once, ever.
 * Answers how many were queued (0 when switched off).
 */
export async function queueOwnerNotice<K extends OwnerNoticeKind>(
  tx: DbOrTx,
  kind: K,
  data: OwnerNoticeData[K],
): Promise<number> {
  const [store] = await tx
    .select({ on: settingOf[kind] })
    .from(stores)
    .where(eq(stores.id, data.storeId));
  if (!store?.on) return 0;
  const key = eventKey(kind, data);
  const recipients = await noticeRecipients(tx, data.storeId);
  for (const to of recipients) {
    await queueEmail(tx, {
      storeId: data.storeId,
      kind: ownerEmailKind[kind],
      key: `${key}:to:${to.key}`,
      to: to.email,
      data: { ...data },
    });
  }
  return recipients.length;
}

/** A new paid or cash-on-delivery order: the owner's "New order" e-mail, on the order's transaction. */
export async function queueNewOrderNotice(tx: DbOrTx, orderId: string): Promise<void> {
  const [order] = await tx
    .select({ storeId: orders.storeId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order) await queueOwnerNotice(tx, 'new_order', { storeId: order.storeId, orderId });
}

/** A variant an order took stock of: its row and how many units. */
export interface TakenStock {
  productId: string;
  size: string;
  color: string;
  quantity: number;
}

/**
 * After an order took its stock (in its transaction): a "Low stock" notice for each variant the
 * order took from above the threshold to at or below it. Only the order that crosses it tells;
 * stock restocked and sold down again tells again.
 */
export async function queueLowStockNotices(
  tx: DbOrTx,
  storeId: string,
  orderId: string,
  taken: TakenStock[],
): Promise<void> {
  const wanted = new Map<string, TakenStock>();
  for (const t of taken) {
    const k = `${t.productId}\u0000${t.size}\u0000${t.color}`;
    const seen = wanted.get(k);
    if (seen) seen.quantity += t.quantity;
    else wanted.set(k, { ...t });
  }
  if (!wanted.size) return;
  const levels = await tx
    .select({
      productId: stockLevels.productId,
      size: stockLevels.size,
      color: stockLevels.color,
      onHand: stockLevels.onHand,
      title: products.title,
    })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(
      and(
        inArray(stockLevels.productId, [...new Set(taken.map((t) => t.productId))]),
        sql`${stockLevels.onHand} <= ${LOW_STOCK_THRESHOLD}`,
      ),
    );
  for (const level of levels) {
    const took = wanted.get(`${level.productId}\u0000${level.size}\u0000${level.color}`);
    if (!took || level.onHand + took.quantity <= LOW_STOCK_THRESHOLD) continue;
    await queueOwnerNotice(tx, 'low_stock', {
      storeId,
      orderId,
      productId: level.productId,
      title: level.title,
      // a product's only size ('One Size') says nothing the title does not
      variant: [level.size && level.size !== 'One Size' && `Size ${level.size}`, level.color]
        .filter(Boolean)
        .join(', '),
      left: level.onHand,
    });
  }
}
