import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { availabilityLabel } from '@store/contracts/stock';
import { NO_LONGER_AVAILABLE } from '@store/contracts/list-changes';
import { formatInr } from '@store/contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { cartLines, carts, stores, users } from '../../db/schema';
import { signToken, verifyToken } from '../../lib/tokens';
import type { CartReminderData, ReminderLine } from '../mail/cart-reminder-email';
import { variantLabel } from '../mail/email-templates';
import { queueEmail } from '../mail/outbox.service';
import { viewCartLines } from './cart-views.service';

/** The unsubscribe link's token is for this and nothing else (a session token has no audience). */
const REMINDER_AUDIENCE = 'cart-reminders';
/** An unsubscribe link must keep working long after the e-mail. */
const TOKEN_LIFETIME = '730d';
/**
 * A cart left longer than this past the store's hours gets no reminder: when reminders are first
 * turned on (or the wait shortened) an old cart is not worth an e-mail out of the blue.
 */
const STALE_AFTER = "interval '7 days'";

export interface ReminderSubject {
  storeId: string;
  userId: string;
}

/** The unsubscribe token: the shopper and store, signed with the server's key, for two years. */
export function signReminderToken(secret: Uint8Array, who: ReminderSubject): Promise<string> {
  return signToken(
    secret,
    { store: who.storeId },
    { audience: REMINDER_AUDIENCE, subject: who.userId, lifetime: TOKEN_LIFETIME },
  );
}

/** Whose reminders a token stops; null when it is not one of ours (or expired, or for another store). */
export async function readReminderToken(
  secret: Uint8Array,
  token: string,
  storeId: string,
): Promise<ReminderSubject | null> {
  const claims = await verifyToken(secret, token, REMINDER_AUDIENCE);
  if (!claims || typeof claims.sub !== 'string' || claims.store !== storeId) return null;
  return { storeId, userId: claims.sub };
}

/**
 * Turns a shopper's cart reminders off (or on again). Answers false when the account no longer
 * exists (nothing is sent to it anyway).
 */
export async function setCartReminders(
  db: Db,
  who: ReminderSubject,
  on: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, who.storeId), eq(users.id, who.userId)));
    if (!user) return false;
    const remindersOffAt = on ? null : new Date();
    await tx
      .insert(carts)
      .values({ storeId: who.storeId, userId: who.userId, remindersOffAt })
      .onConflictDoUpdate({ target: carts.userId, set: { remindersOffAt, updatedAt: new Date() } });
    return true;
  });
}

/** How the e-mail shows the lines: as they are now (title, price, stock). */
async function reminderLines(tx: DbOrTx, storeId: string, cartId: string) {
  const rows = await tx
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.position));
  const views = await viewCartLines(tx, storeId, rows);
  const lines: ReminderLine[] = views.map((v) => ({
    title: v.title,
    variant: variantLabel(v.size, v.color),
    quantity: v.quantity,
    price: formatInr(v.price, 'exact'),
    note:
      v.availability.status === 'unavailable'
        ? NO_LONGER_AVAILABLE
        : availabilityLabel({ status: v.availability.status, left: v.availability.left }),
  }));
  const buyable = views.some(
    (v) => v.availability.status !== 'unavailable' && v.availability.status !== 'sold_out',
  );
  return { lines, buyable };
}

export interface ReminderRun {
  /** reminders queued */
  queued: number;
  /** carts left behind with nothing left to buy (all sold out or gone): no e-mail, none later */
  passed: number;
}

/**
 * Queues the reminder of every cart left behind: signed-in shoppers' carts holding lines whose
 * last change is the store's `cart_reminder_hours` old (0: the store sends none), not reminded of
 * in this round, whose shopper did not stop reminders. One transaction: the carts are claimed with
 * FOR UPDATE SKIP LOCKED and marked reminded, and each e-mail is queued under a key of its cart's
 * round, so several processes running this at once queue each reminder once.
 */
export async function queueCartReminders(
  db: Db,
  options: { secret: Uint8Array; now?: Date; limit?: number },
): Promise<ReminderRun> {
  const now = options.now ?? new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const waited = sql`${at} - make_interval(hours => ${stores.cartReminderHours})`;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: carts.id,
        storeId: carts.storeId,
        userId: carts.userId,
        startedAt: carts.startedAt,
        email: users.email,
        firstName: users.firstName,
      })
      .from(carts)
      .innerJoin(stores, eq(stores.id, carts.storeId))
      .innerJoin(users, eq(users.id, carts.userId))
      .where(
        and(
          isNotNull(carts.startedAt),
          isNull(carts.remindedAt),
          isNull(carts.remindersOffAt),
          gt(stores.cartReminderHours, 0),
          sql`${carts.changedAt} <= ${waited}`,
          sql`${carts.changedAt} > ${waited} - ${sql.raw(STALE_AFTER)}`,
        ),
      )
      .orderBy(asc(carts.changedAt))
      .limit(options.limit ?? 100)
      .for('update', { of: carts, skipLocked: true });
    const run: ReminderRun = { queued: 0, passed: 0 };
    for (const cart of due) {
      await tx.update(carts).set({ remindedAt: now }).where(eq(carts.id, cart.id));
      const { lines, buyable } = await reminderLines(tx, cart.storeId, cart.id);
      if (!buyable) {
        run.passed++;
        continue;
      }
      const data: CartReminderData = {
        cartId: cart.id,
        round: cart.startedAt!.toISOString(),
        token: await signReminderToken(options.secret, cart),
        firstName: cart.firstName,
        lines,
      };
      await queueEmail(tx, {
        storeId: cart.storeId,
        kind: 'cart_reminder',
        // one per cart and round, ever
        key: `cart:${cart.id}:reminder:${cart.startedAt!.getTime()}`,
        to: cart.email,
        data: { ...data },
      });
      run.queued++;
    }
    return run;
  });
}
