import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isUuid } from '@store/contracts/ids';
import { messages } from '@store/contracts/common';
import { stockAlertMessages } from '@store/contracts/stock';
import type { StockAlertBody } from '@store/contracts/stock-alerts';
import type { Db, DbOrTx } from '../../db/client';
import { products, stockAlerts, stockLevels, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueEmail } from '../mail/outbox.service';

const productNotFound = () => new HttpError(404, 'Product not found');

/**
 * POST /products/:id/stock-alerts: keeps the shopper's request to be e-mailed when this sold-out
 * product or variant is back. The e-mail is the one typed, else the signed-in shopper's account's.
 * Refused (409 in_stock) when it can be bought now. Asking again with the same e-mail (in any
 * letter case) keeps the one waiting request and answers the same, so the answer never tells
 * whether someone had asked already.
 */
export async function requestStockAlert(
  db: Db,
  storeId: string,
  productId: string,
  body: StockAlertBody,
  userId: string | null,
): Promise<void> {
  if (!isUuid(productId)) throw productNotFound();
  const size = body.size ?? '';
  const color = body.color ?? '';
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.id, productId), eq(products.storeId, storeId), eq(products.active, true)),
      );
    if (!product) throw productNotFound();
    const email = body.email ?? (userId ? await accountEmail(tx, userId) : null);
    if (!email) throw new HttpError(400, messages.required, { email: messages.required });
    // FOR SHARE: a restock of this variant waits for this request to commit, then its hook sees
    // the new row; a restock that committed first makes this one answer in_stock. Either way no
    // request is left waiting while the variant is on the shelf.
    const [stock] = await tx
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(
        and(
          eq(stockLevels.productId, productId),
          eq(stockLevels.size, size),
          eq(stockLevels.color, color),
        ),
      )
      .for('share');
    if (!stock) {
      throw new HttpError(400, stockAlertMessages.chooseVariant, {
        size: stockAlertMessages.chooseVariant,
      });
    }
    if (stock.onHand > 0)
      throw new HttpError(409, stockAlertMessages.inStock, undefined, 'in_stock');
    await tx
      .insert(stockAlerts)
      .values({ storeId, productId, size, color, email, userId })
      // one waiting request per variant and e-mail (stock_alerts_waiting_uq)
      .onConflictDoNothing();
  });
}

async function accountEmail(tx: DbOrTx, userId: string): Promise<string | null> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/**
 * The restock hook, called by every write that may put stock back on the shelf or a product back
 * on sale (modules/products: the product form, the stock grid, the CSV import, stock returned by a
 * cancelled, expired or returned order), inside that write's transaction: each waiting request
 * for these products whose variant now has stock (and whose product is published) is marked
 * notified and its e-mail queued. The UPDATE is conditional (notified_at is null), so of two
 * racing restocks the second waits for the first's row locks, re-reads, and claims nothing:
 * one e-mail per request. Answers how many were queued.
 */
export async function queueBackInStockEmails(tx: DbOrTx, productIds: string[]): Promise<number> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  const claimed = await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(
      and(
        inArray(stockAlerts.productId, ids),
        isNull(stockAlerts.notifiedAt),
        eq(stockLevels.productId, stockAlerts.productId),
        eq(stockLevels.size, stockAlerts.size),
        eq(stockLevels.color, stockAlerts.color),
        sql`${stockLevels.onHand} > 0`,
        eq(products.active, true),
      ),
    )
    .returning({
      id: stockAlerts.id,
      storeId: stockAlerts.storeId,
      email: stockAlerts.email,
      productId: stockAlerts.productId,
      size: stockAlerts.size,
      color: stockAlerts.color,
    });
  for (const alert of claimed) {
    await queueEmail(tx, {
      storeId: alert.storeId,
      kind: 'back_in_stock',
      key: `stock-alert:${alert.id}`,
      to: alert.email,
      data: { productId: alert.productId, size: alert.size, color: alert.color },
    });
  }
  return claimed.length;
}
