import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { safeNumber } from '../../lib/safe-number';
import { recordActivity, type Actor } from '../activity/activity.service';
import { issueCreditNote } from '../invoices/invoices.service';
import { queueRefundEmail } from '../mail/outbox.service';
import { queueOrderMessage } from '../messaging/message-outbox.service';
import type { PaymentConfig } from './payment-config';
import { findProvider } from './providers';
import type { FetchLike } from './providers/provider';
import { randomReference } from './signature';

export interface RefundDue {
  paymentId: string;
  orderId: string;
  provider: string;
  method: string | null;
  providerReference: string | null;
  payerVpa: string | null;
  amountPaise: number;
  refundedPaise: number;
  /** refunds asked of the provider and not settled yet */
  requestedPaise: number;
  /** what may still be refunded: amount - refunded - requested */
  refundablePaise: number;
  createdAt: Date;
}

export interface RecordedRefund {
  id: string;
  paymentId: string;
  orderId: string;
  amountPaise: number;
  reference: string | null;
  status: 'requested' | 'succeeded' | 'failed';
  providerRefundId: string | null;
  note: string | null;
  /** true when this (payment, reference) had been recorded before: nothing was done now */
  existing: boolean;
}

/**
 * A payment's refunds asked of the provider and not settled yet, as a column of a query on
 * payments. In a select list drizzle writes a column without its table: the outer payments.id is
 * named in full, or "id" would be the refund's own.
 */
const requestedSum =
  sql`coalesce((select sum(${refunds.amountPaise}) from ${refunds} where ${refunds.paymentId} = ${sql.raw('"payments"."id"')} and ${refunds.status} = 'requested'), 0)`.mapWith(
    safeNumber,
  );

/** What may still be refunded of a payment (amount - refunded - requested), as a column. */
export const refundableSum =
  sql`(${payments.amountPaise} - ${payments.refundedPaise} - ${requestedSum})`.mapWith(safeNumber);

/** Payments the shop owes back (needs_refund), oldest first: money for an order that could not take it. */
export async function listRefundsDue(db: Db): Promise<RefundDue[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      orderId: payments.orderId,
      provider: payments.provider,
      method: payments.method,
      providerReference: payments.providerReference,
      payerVpa: payments.payerVpa,
      amountPaise: payments.amountPaise,
      refundedPaise: payments.refundedPaise,
      requestedPaise: requestedSum,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.needsRefund, true))
    .orderBy(asc(payments.createdAt));
  return rows.map((r) => ({
    ...r,
    refundablePaise: r.amountPaise - r.refundedPaise - r.requestedPaise,
  }));
}

const asRecorded = (row: typeof refunds.$inferSelect, existing: boolean): RecordedRefund => ({
  id: row.id,
  paymentId: row.paymentId,
  orderId: row.orderId,
  amountPaise: row.amountPaise,
  reference: row.reference,
  status: row.status as RecordedRefund['status'],
  providerRefundId: row.providerRefundId,
  note: row.note,
  existing,
});

/**
 * Records a refund of a succeeded payment: at most what is still refundable, idempotent on
 * (payment, reference) — the same reference again returns the first record and does nothing.
 * For a payment whose provider refunds through its API (PayU today) the refund is asked of the
 * provider and stays 'requested' with the provider's request id until the reconciliation sees it
 * settled; any other payment was refunded by the shop itself (bank transfer, UPI) and the
 * reference is theirs: it counts at once. A settled refund raises refunded_paise, and needs_refund clears when all is refunded.
 */
export async function recordRefund(
  db: Db,
  config: PaymentConfig,
  input: {
    paymentId: string;
    amountPaise: number;
    reference: string;
    fetch?: FetchLike;
    /** the back office: the payment must be this order's (else 404) */
    orderId?: string;
    /** the back office: who records it; logged (payment.refund) in the refund's transaction */
    actor?: Actor;
    note?: string | undefined;
  },
): Promise<RecordedRefund> {
  const reference = input.reference.trim();
  if (!reference) throw new HttpError(400, 'A refund needs a reference');
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)
    throw new HttpError(400, 'A refund amount is a positive number of rupees (at most 2 decimals)');

  const planned = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, input.paymentId))
      .for('update');
    const belongs =
      payment &&
      (input.orderId === undefined || payment.orderId === input.orderId) &&
      (input.actor === undefined || payment.storeId === input.actor.storeId);
    if (!belongs) throw new HttpError(404, `Payment ${input.paymentId} not found`);
    const [earlier] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.reference, reference)));
    if (earlier) {
      if (earlier.amountPaise !== input.amountPaise)
        throw new HttpError(409, `Reference ${reference} was already used for another amount`);
      return { refund: asRecorded(earlier, true), ask: null };
    }
    if (payment.status !== 'succeeded')
      throw new HttpError(409, `Payment ${payment.id} took no money (it is ${payment.status})`);
    const [{ requested } = { requested: 0 }] = await tx
      .select({
        requested: sql`coalesce(sum(${refunds.amountPaise}), 0)`.mapWith(safeNumber),
      })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'requested')));
    const refundable = payment.amountPaise - payment.refundedPaise - requested;
    if (input.amountPaise > refundable)
      throw new HttpError(409, `At most ${(refundable / 100).toFixed(2)} rupees can be refunded`);

    const provider = findProvider(payment.provider);
    const via = provider?.refunds && provider.isConfigured(config) ? provider : null;
    if (via && !payment.providerReference)
      throw new HttpError(409, `This ${via.label} payment has no ${via.label} id to refund`);
    const [row] = await tx
      .insert(refunds)
      .values({
        id: randomReference('RFD'),
        paymentId: payment.id,
        orderId: payment.orderId,
        amountPaise: input.amountPaise,
        reference,
        status: via ? 'requested' : 'succeeded',
        note: input.note ?? null,
      })
      .returning();
    // the credit note first: it reads whether the payment was flagged as owed before this refund
    if (!via) await issueCreditNote(tx, { refundId: row!.id });
    if (!via) await addRefunded(tx, payment.id, input.amountPaise);
    // the shopper hears of it once (key refund:<id>), whether settled now or asked of the provider
    await queueRefundEmail(tx, { id: row!.id, orderId: payment.orderId });
    await queueOrderMessage(tx, payment.orderId, 'refund_issued', {
      refundId: row!.id,
      amountPaise: input.amountPaise,
    });
    if (input.actor) {
      await recordActivity(tx, input.actor, {
        action: 'payment.refund',
        entityType: 'payment',
        entityId: payment.id,
        summary: `Refund ${via ? `asked of ${via.label}` : 'recorded'}: ₹${(input.amountPaise / 100).toFixed(2)}, reference ${reference}`,
        before: { refundedPaise: payment.refundedPaise, needsRefund: payment.needsRefund },
        after: {
          orderId: payment.orderId,
          refundId: row!.id,
          amountPaise: input.amountPaise,
          reference,
          status: row!.status,
          refundedPaise: payment.refundedPaise + (via ? 0 : input.amountPaise),
          note: input.note ?? null,
        },
      });
    }
    return {
      refund: asRecorded(row!, false),
      ask: via ? { provider: via, providerReference: payment.providerReference! } : null,
    };
  });
  if (!planned.ask?.provider.refunds) return planned.refund;

  // Asked after the commit, so the amount is reserved before the provider hears of it; our refund
  // id is the provider's token for it, which it takes once, so a resend by the reconciliation
  // cannot refund twice.
  const answer = await planned.ask.provider.refunds.request(
    config,
    {
      providerReference: planned.ask.providerReference,
      refundId: planned.refund.id,
      amountPaise: input.amountPaise,
    },
    input.fetch,
  );
  const update = answer.ok
    ? { providerRefundId: answer.requestId, note: null }
    : answer.answered
      ? { status: 'failed', note: answer.message }
      : { note: `${answer.message}; the reconciliation will ask again` };
  const [row] = await db
    .update(refunds)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(refunds.id, planned.refund.id))
    .returning();
  return asRecorded(row!, false);
}

/** A refund settled: count it, and clear needs_refund once the whole payment is back. */
export async function addRefunded(tx: DbOrTx, paymentId: string, amountPaise: number) {
  await tx
    .update(payments)
    .set({
      refundedPaise: sql`${payments.refundedPaise} + ${amountPaise}`,
      needsRefund: sql`${payments.refundedPaise} + ${amountPaise} < ${payments.amountPaise} and ${payments.needsRefund}`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}
