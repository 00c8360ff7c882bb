import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  COD_CODE_LENGTH,
  COD_CODE_MAX_ATTEMPTS,
  COD_CODE_MAX_SENDS,
  COD_CODE_RESEND_SECONDS,
  COD_CODE_TTL_MINUTES,
  COD_REFUSALS_BY_PHONE,
  COD_REFUSALS_BY_PIN,
  codCodeMessages,
  maskPhone,
  type CodCodeReason,
} from '@store/contracts/cod-codes';
import { normalizeIndianMobile } from '@store/contracts/india';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db, DbOrTx } from '../../db/client';
import { codCodes, orders, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { shopperActor } from '../activity/activity.service';
import { queueMessage } from '../messaging/message-outbox.service';
import { confirmCodOrderIn } from './cod-confirmation.service';
import { normalizeOrderId } from './order-id';

// Cash on delivery that checks first (docs/decisions/cod-checks.md). A parcel refused at the door
// costs the shop two deliveries and holds stock for a week, so an order above the store's value,
// or to a phone or PIN whose parcels came back before, must be confirmed by the shopper with a
// one-time code sent to the delivery phone before staff can ship it. An order nobody confirms
// lapses like any unconfirmed COD order (cod-confirmation.service: stock back, e-mail).

const ttlMs = COD_CODE_TTL_MINUTES * 60_000;
const resendMs = COD_CODE_RESEND_SECONDS * 1000;

/** The code's hash, bound to its order: a hash copied onto another order proves nothing there. */
const hashOf = (orderId: string, code: string) =>
  createHash('sha256').update(`${orderId}:${code}`).digest();

const newCode = () => String(randomInt(0, 10 ** COD_CODE_LENGTH)).padStart(COD_CODE_LENGTH, '0');

/** '+91 98765-43210', '09876543210' -> '+919876543210'; null when it is no Indian mobile */
export function codCodePhone(typed: string): string | null {
  const digits = normalizeIndianMobile(typed);
  return digits ? `+91${digits}` : null;
}

/**
 * Why this cash-on-delivery order needs the shopper's code, or [] when it does not: above the
 * store's value (cod_code_above_paise, 0: never by value), or parcels refused at the door before
 * (orders Cancelled with reason 'returned') by this phone, or by enough households of this PIN.
 */
export async function codCodeReasonsFor(
  tx: DbOrTx,
  storeId: string,
  order: { totalPaise: number; postalCode: string; phone: string },
): Promise<CodCodeReason[]> {
  const [store] = await tx
    .select({ abovePaise: stores.codCodeAbovePaise })
    .from(stores)
    .where(eq(stores.id, storeId));
  const reasons: CodCodeReason[] = [];
  const above = store?.abovePaise ?? 0;
  if (above > 0 && order.totalPaise > above) reasons.push('value');
  const phone = normalizeIndianMobile(order.phone) ?? '';
  const pin = order.postalCode.replace(/\s+/g, '');
  const [refused] = await tx
    .select({
      byPhone:
        sql<number>`count(*) filter (where right(regexp_replace(${orders.shippingPhone}, '[^0-9]', '', 'g'), 10) = ${phone} or ${orders.contactPhone} = ${phone})`.mapWith(
          Number,
        ),
      byPin:
        sql<number>`count(*) filter (where replace(${orders.shippingPostalCode}, ' ', '') = ${pin})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.cancelReason, 'returned')));
  if (phone !== '' && (refused?.byPhone ?? 0) >= COD_REFUSALS_BY_PHONE) reasons.push('phone');
  if ((refused?.byPin ?? 0) >= COD_REFUSALS_BY_PIN) reasons.push('pin');
  return reasons;
}

/** The message that carries a code: one per send, never twice (its key). */
async function sendCode(
  tx: DbOrTx,
  m: { storeId: string; orderId: string; phone: string; code: string; send: number },
) {
  await queueMessage(tx, {
    storeId: m.storeId,
    kind: 'cod_otp',
    key: `cod-code:${m.orderId}:${m.send}`,
    toPhone: m.phone,
    data: { code: m.code, orderId: m.orderId },
  });
}

/**
 * Cash on delivery just accepted (startCashOnDelivery, same transaction): when the order needs
 * the check, its code is made, kept as a hash and queued to the delivery phone. Returns whether
 * a code was asked for. A phone that is no Indian mobile cannot get a code: the order then waits
 * for staff to confirm it after a call, as every COD order always could.
 */
export async function askForCodCode(
  tx: DbOrTx,
  storeId: string,
  order: { id: string; totalPaise: number; shippingPostalCode: string; shippingPhone: string },
  now: Date,
): Promise<boolean> {
  const reasons = await codCodeReasonsFor(tx, storeId, {
    totalPaise: order.totalPaise,
    postalCode: order.shippingPostalCode,
    phone: order.shippingPhone,
  });
  const phone = codCodePhone(order.shippingPhone);
  if (reasons.length === 0 || !phone) return false;
  const code = newCode();
  await tx
    .insert(codCodes)
    .values({
      orderId: order.id,
      storeId,
      reasons,
      phone,
      codeHash: hashOf(order.id, code).toString('hex'),
      expiresAt: new Date(now.getTime() + ttlMs),
      sentAt: now,
    })
    .onConflictDoNothing();
  await sendCode(tx, { storeId, orderId: order.id, phone, code, send: 1 });
  return true;
}

interface Shopper {
  storeId: string;
  userId: string;
}

/** The shopper's own COD order still to confirm, and its code row, both locked. */
async function lockedCodeOf(tx: DbOrTx, shopper: Shopper, rawOrderId: string) {
  const orderId = normalizeOrderId(rawOrderId);
  if (!orderId) throw new HttpError(404, 'Order not found');
  const [order] = await tx
    .select({
      status: orders.status,
      codStatus: orders.codStatus,
      codConfirmedAt: orders.codConfirmedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.storeId, shopper.storeId),
        eq(orders.userId, shopper.userId),
      ),
    )
    .for('update');
  if (!order) throw new HttpError(404, 'Order not found');
  const [code] = await tx
    .select()
    .from(codCodes)
    .where(eq(codCodes.orderId, orderId))
    .for('update');
  if (!code || order.codStatus !== 'to_collect' || order.status === orderStatus.cancelled)
    throw new HttpError(409, codCodeMessages.notNeeded);
  if (code.confirmedAt || order.codConfirmedAt || order.status !== orderStatus.processing)
    throw new HttpError(409, codCodeMessages.alreadyConfirmed);
  return { orderId, code };
}

type CheckOutcome = { ok: true } | { ok: false; error: HttpError };

/**
 * POST /orders/:id/cod-code: the shopper types the code. Right: the order is confirmed for cash
 * on delivery (the same confirmation staff give, logged as the shopper) and may ship. Wrong: the
 * try is counted (and committed: the error is thrown after the transaction), and after
 * COD_CODE_MAX_ATTEMPTS the code is dead until a new one is sent.
 */
export async function confirmCodCode(
  db: Db,
  shopper: Shopper,
  rawOrderId: string,
  typed: string,
  now = new Date(),
): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const { orderId, code } = await lockedCodeOf(tx, shopper, rawOrderId);
    if (code.attempts >= COD_CODE_MAX_ATTEMPTS)
      return {
        ok: false,
        error: new HttpError(429, codCodeMessages.tooManyTries, undefined, 'cod_code_expired'),
      };
    if (code.expiresAt.getTime() <= now.getTime())
      return {
        ok: false,
        error: new HttpError(410, codCodeMessages.expired, undefined, 'cod_code_expired'),
      };
    const right = timingSafeEqual(hashOf(orderId, typed), Buffer.from(code.codeHash, 'hex'));
    if (!right) {
      const attempts = code.attempts + 1;
      await tx.update(codCodes).set({ attempts }).where(eq(codCodes.orderId, orderId));
      const message = codCodeMessages.wrong(COD_CODE_MAX_ATTEMPTS - attempts);
      return { ok: false, error: new HttpError(400, message, { code: message }, 'cod_code_wrong') };
    }
    await tx.update(codCodes).set({ confirmedAt: now }).where(eq(codCodes.orderId, orderId));
    await confirmCodOrderIn(
      tx,
      shopperActor(shopper.storeId),
      orderId,
      `Confirmed for cash on delivery by the shopper, with the code sent to ${maskPhone(code.phone)}`,
    );
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
}

/**
 * POST /orders/:id/cod-code/resend: a new code replaces the old (its tries start again), at most
 * one a minute and COD_CODE_MAX_SENDS in all, so nobody can make the shop text a phone endlessly.
 */
export async function resendCodCode(
  db: Db,
  shopper: Shopper,
  rawOrderId: string,
  now = new Date(),
): Promise<{ phone: string }> {
  return db.transaction(async (tx) => {
    const { orderId, code } = await lockedCodeOf(tx, shopper, rawOrderId);
    if (code.sends >= COD_CODE_MAX_SENDS)
      throw new HttpError(429, codCodeMessages.noMoreSends, undefined, 'rate_limited');
    const waitMs = code.sentAt.getTime() + resendMs - now.getTime();
    if (waitMs > 0)
      throw new HttpError(
        429,
        codCodeMessages.wait(Math.ceil(waitMs / 1000)),
        undefined,
        'rate_limited',
      );
    const fresh = newCode();
    const send = code.sends + 1;
    await tx
      .update(codCodes)
      .set({
        codeHash: hashOf(orderId, fresh).toString('hex'),
        expiresAt: new Date(now.getTime() + ttlMs),
        attempts: 0,
        sends: send,
        sentAt: now,
      })
      .where(eq(codCodes.orderId, orderId));
    await sendCode(tx, { storeId: shopper.storeId, orderId, phone: code.phone, code: fresh, send });
    return { phone: maskPhone(code.phone) };
  });
}
