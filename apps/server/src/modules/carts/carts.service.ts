import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountCart, WishlistItemView } from '@store/contracts/account-lists';
import {
  applyCartChanges,
  applyWishlistChanges,
  cartLineKey,
  type CartChange,
  type StoredCartLine,
  type WishlistChange,
} from '@store/contracts/list-changes';
import type { Db, DbOrTx } from '../../db/client';
import { cartLines, carts, wishlistItems } from '../../db/schema';
import { productTitles, viewCartLines, viewWishlist } from './cart-views.service';

type CartRow = typeof carts.$inferSelect;

/**
 * The shopper's cart row, made on first use, locked until the caller's transaction ends: every
 * change to one shopper's cart or wishlist runs under it, so two devices changing at once are
 * applied one after the other and neither's change is lost (docs/decisions/server-carts.md).
 */
async function lockCart(tx: DbOrTx, storeId: string, userId: string): Promise<CartRow> {
  await tx.insert(carts).values({ storeId, userId }).onConflictDoNothing({ target: carts.userId });
  const [row] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.storeId, storeId), eq(carts.userId, userId)))
    .for('update');
  // the user id names one store's shopper; a row of another store cannot be theirs
  if (!row) throw new Error(`The cart of ${userId} is not in store ${storeId}`);
  return row;
}

async function findCart(db: DbOrTx, storeId: string, userId: string) {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.storeId, storeId), eq(carts.userId, userId)));
  return row;
}

type LineRow = typeof cartLines.$inferSelect;

const linesOf = (db: DbOrTx, cartId: string): Promise<LineRow[]> =>
  db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(asc(cartLines.position));

const itemsOf = (db: DbOrTx, cartId: string) =>
  db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.cartId, cartId))
    .orderBy(asc(wishlistItems.position));

/** The signed-in shopper's cart now, each line re-checked (price, stock, still on sale). */
export async function getAccountCart(
  db: DbOrTx,
  storeId: string,
  userId: string,
): Promise<AccountCart> {
  const cart = await findCart(db, storeId, userId);
  if (!cart) return { version: 0, lines: [] };
  return {
    version: cart.version,
    lines: await viewCartLines(db, storeId, await linesOf(db, cart.id)),
  };
}

const lineWhere = (cartId: string, l: StoredCartLine) =>
  and(
    eq(cartLines.cartId, cartId),
    eq(cartLines.productId, l.productId),
    eq(cartLines.size, l.size),
    eq(cartLines.color, l.color),
  );

/**
 * Applies one device's changes to the shopper's cart (contracts' applyCartChanges, under the
 * order limits) and answers the cart as it is then. Lines of products this store does not have
 * are not added; a merge of a line the cart has keeps the larger quantity, so a request sent twice
 * changes nothing more.
 */
export async function changeAccountCart(
  db: Db,
  storeId: string,
  userId: string,
  changes: readonly CartChange[],
): Promise<AccountCart> {
  const { version, lines } = await db.transaction(async (tx) => {
    const cart = await lockCart(tx, storeId, userId);
    const before = await linesOf(tx, cart.id);
    const titles = await productTitles(
      tx,
      storeId,
      changes.filter((c) => c.op === 'merge').map((c) => c.productId),
    );
    const known = changes.filter((c) => c.op !== 'merge' || titles.has(c.productId));
    const after = applyCartChanges(before, known);
    const was = new Map(before.map((l) => [cartLineKey(l), l]));
    const kept = new Set(after.map(cartLineKey));
    let position = before.reduce((max, l) => Math.max(max, l.position), 0);
    let changed = false;
    const now = new Date();
    for (const old of before) {
      if (kept.has(cartLineKey(old))) continue;
      await tx.delete(cartLines).where(lineWhere(cart.id, old));
      changed = true;
    }
    const added: (typeof cartLines.$inferInsert)[] = [];
    for (const line of after) {
      const old = was.get(cartLineKey(line));
      if (!old) {
        position += 1;
        added.push({ cartId: cart.id, ...line, title: titles.get(line.productId)!, position });
      } else if (old.quantity !== line.quantity) {
        await tx
          .update(cartLines)
          .set({ quantity: line.quantity, updatedAt: now })
          .where(lineWhere(cart.id, line));
      } else continue;
      changed = true;
    }
    if (added.length) await tx.insert(cartLines).values(added);
    if (!changed) return { version: cart.version, lines: await linesOf(tx, cart.id) };
    // a cart that empties ends its round: the next line starts another (and may be reminded of)
    const empty = after.length === 0;
    const [updated] = await tx
      .update(carts)
      .set({
        version: sql`${carts.version} + 1`,
        changedAt: now,
        startedAt: empty ? null : (cart.startedAt ?? now),
        remindedAt: empty ? null : cart.remindedAt,
        updatedAt: now,
      })
      .where(eq(carts.id, cart.id))
      .returning({ version: carts.version });
    return { version: updated!.version, lines: await linesOf(tx, cart.id) };
  });
  return { version, lines: await viewCartLines(db, storeId, lines) };
}

/**
 * An order was placed: the shopper's cart empties in the order's transaction (the storefront
 * empties its copy too), so the order's lines are never reminded of. Its round ends.
 */
export async function emptyCartForOrder(
  tx: DbOrTx,
  storeId: string,
  userId: string,
): Promise<void> {
  const [cart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.storeId, storeId), eq(carts.userId, userId)))
    .for('update');
  if (!cart) return;
  const removed = await tx
    .delete(cartLines)
    .where(eq(cartLines.cartId, cart.id))
    .returning({ productId: cartLines.productId });
  const now = new Date();
  await tx
    .update(carts)
    .set({
      ...(removed.length ? { version: sql`${carts.version} + 1`, changedAt: now } : {}),
      startedAt: null,
      remindedAt: null,
      updatedAt: now,
    })
    .where(eq(carts.id, cart.id));
}

/** The signed-in shopper's saved products, oldest first, each re-checked. */
export async function getAccountWishlist(
  db: DbOrTx,
  storeId: string,
  userId: string,
): Promise<WishlistItemView[]> {
  const cart = await findCart(db, storeId, userId);
  if (!cart) return [];
  return viewWishlist(db, storeId, await itemsOf(db, cart.id));
}

/**
 * Adds and removes saved products (contracts' applyWishlistChanges: past the limit the oldest drop
 * off); products this store does not have are not added. Answers the wishlist as it is then.
 */
export async function changeAccountWishlist(
  db: Db,
  storeId: string,
  userId: string,
  changes: readonly WishlistChange[],
): Promise<WishlistItemView[]> {
  const items = await db.transaction(async (tx) => {
    const cart = await lockCart(tx, storeId, userId);
    const before = await itemsOf(tx, cart.id);
    const titles = await productTitles(
      tx,
      storeId,
      changes.filter((c) => c.op === 'add').map((c) => c.productId),
    );
    const after = applyWishlistChanges(
      before.map((i) => i.productId),
      changes.filter((c) => c.op === 'remove' || titles.has(c.productId)),
    );
    const kept = new Set(after);
    const gone = before.filter((i) => !kept.has(i.productId)).map((i) => i.productId);
    if (gone.length)
      await tx
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.cartId, cart.id), inArray(wishlistItems.productId, gone)));
    const had = new Set(before.map((i) => i.productId));
    let position = before.reduce((max, i) => Math.max(max, i.position), 0);
    const added = after
      .filter((id) => !had.has(id))
      .map((productId) => ({
        cartId: cart.id,
        productId,
        title: titles.get(productId)!,
        position: (position += 1),
      }));
    if (added.length) await tx.insert(wishlistItems).values(added);
    return itemsOf(tx, cart.id);
  });
  return viewWishlist(db, storeId, items);
}
