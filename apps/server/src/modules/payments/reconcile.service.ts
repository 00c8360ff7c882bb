import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { PaymentConfig } from './payment-config';
import { applyNotification } from './payments.service';
import { findProvider, paymentProviders } from './providers';
import type { FetchLike } from './providers/provider';
import { issueCreditNote } from '../invoices/invoices.service';
import { addRefunded } from './refunds.service';

/** An attempt is asked about once it is this old (the browser return usually comes first)... */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/** ...at most this often... */
export const RECONCILE_EVERY_MS = 5 * 60 * 1000;
/** ...and for this long (PayU can take days to settle a pending netbanking or UPI payment). */
export const RECONCILE_FOR_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface ReconcileReport {
  checked: number;
  /** attempts whose verified status was applied now (paid, failed or still pending) */
  applied: number;
  refundsSettled: number;
  errors: number;
}

/**
 * What the job runner calls every few minutes. For attempts left open (no final status by return
 * or webhook) at a provider that can be asked (fetchStatus: PayU's verify_payment), its answer
 * goes through applyNotification with the same event id as the return and the webhook, so
 * whichever comes first applies and the others are replays. Refunds asked of a provider are
 * checked with it (and sent again if it never answered the first request). Does nothing for
 * providers that are not configured here.
 */
export async function reconcilePayments(
  db: Db,
  config: PaymentConfig,
  options: { now?: Date; fetch?: FetchLike } = {},
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, applied: 0, refundsSettled: 0, errors: 0 };
  const configured = Object.values(paymentProviders).filter((p) => p.isConfigured(config));
  const askable = configured.filter((p) => p.fetchStatus).map((p) => p.id);
  const refunding = configured.filter((p) => p.refunds).map((p) => p.id);
  const now = options.now ?? new Date();
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  const open = askable.length
    ? await db
        .select({ id: payments.id, provider: payments.provider })
        .from(payments)
        .where(
          and(
            inArray(payments.provider, askable),
            eq(payments.status, 'pending'),
            lt(payments.createdAt, at(RECONCILE_AFTER_MS)),
            gt(payments.createdAt, at(RECONCILE_FOR_MS)),
            or(isNull(payments.checkedAt), lt(payments.checkedAt, at(RECONCILE_EVERY_MS))),
          ),
        )
        .orderBy(asc(payments.checkedAt), asc(payments.createdAt))
        .limit(BATCH)
    : [];
  for (const { id, provider } of open) {
    report.checked++;
    await db.update(payments).set({ checkedAt: now }).where(eq(payments.id, id));
    const verified = await findProvider(provider)!.fetchStatus!(config, id, options.fetch);
    if (!verified) continue;
    try {
      const outcome = await applyNotification(db, verified);
      if (!outcome.replayed) report.applied++;
    } catch (err) {
      // e.g. an amount mismatch: stored and flagged by applyNotification, reported here
      if (!(err instanceof HttpError)) throw err;
      report.errors++;
    }
  }

  const requested = refunding.length
    ? await db
        .select()
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(refunds.status, 'requested'), inArray(payments.provider, refunding)))
        .limit(BATCH)
    : [];
  for (const { refunds: refund, payments: payment } of requested) {
    const provider = findProvider(payment.provider)!.refunds!;
    if (!refund.providerRefundId) {
      // the provider never answered the request: send it again under the same refund id
      const again = await provider.request(
        config,
        {
          providerReference: payment.providerReference ?? '',
          refundId: refund.id,
          amountPaise: refund.amountPaise,
        },
        options.fetch,
      );
      if (again.ok || again.answered) {
        await db
          .update(refunds)
          .set(
            again.ok
              ? { providerRefundId: again.requestId, note: null, updatedAt: now }
              : { status: 'failed', note: again.message, updatedAt: now },
          )
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')));
      }
      continue;
    }
    const status = await provider.status(config, refund.providerRefundId, options.fetch);
    if (status !== 'succeeded' && status !== 'failed') continue;
    await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(refunds)
        .set({ status, updatedAt: now })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
        .returning({ id: refunds.id });
      if (settled && status === 'succeeded') {
        await issueCreditNote(tx, { refundId: refund.id, now });
        await addRefunded(tx, payment.id, refund.amountPaise);
      }
    });
    report.refundsSettled++;
  }
  return report;
}
