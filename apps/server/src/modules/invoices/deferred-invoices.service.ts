// The tax invoice never stands between a shopper's money and their order: it is issued inside a
// savepoint of the payment's (or dispatch's) transaction, and if writing it fails (bad data, a
// bug) only the savepoint rolls back: the payment is recorded, the order paid, and the
// `invoices.issue-missing` job issues the invoice later (and its failure is logged there).
import { and, eq, exists, gte, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db, DbOrTx } from '../../db/client';
import { invoices, orderItems, orders, payments } from '../../db/schema';
import { issueInvoice } from './invoices.service';

/** issueInvoice in a savepoint; false (nothing written) when it failed. */
export async function issueInvoiceInSavepoint(
  tx: DbOrTx,
  input: { orderId: string; now?: Date },
): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => issueInvoice(savepoint, input));
    return true;
  } catch {
    return false;
  }
}

const shippedOrLater: number[] = [orderStatus.shipped, orderStatus.delivered];
const paidStatuses: number[] = [orderStatus.processing, ...shippedOrLater];

/**
 * Issues the invoices that should exist and do not: orders paid online (a succeeded payment) and
 * cash-on-delivery orders dispatched, placed since order lines carry their GST (older orders
 * were sold before the store issued invoices and are left alone). Each in its own transaction;
 * the first failure is thrown after the rest were tried, so the job logs it and retries.
 */
export async function issueMissingInvoices(db: Db, limit = 100): Promise<{ issued: number }> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, paidStatuses),
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoices)
            .where(and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice'))),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, orders.id), isNotNull(orderItems.taxablePaise))),
        ),
        or(
          and(
            isNull(orders.codStatus),
            exists(
              db
                .select({ one: sql`1` })
                .from(payments)
                .where(
                  and(
                    eq(payments.orderId, orders.id),
                    eq(payments.status, 'succeeded'),
                    gte(payments.amountPaise, orders.totalPaise),
                  ),
                ),
            ),
          ),
          and(isNotNull(orders.codStatus), inArray(orders.status, shippedOrLater)),
        ),
      ),
    )
    .limit(limit);
  let issued = 0;
  let firstError: unknown = null;
  for (const { id } of due) {
    try {
      await db.transaction(async (tx) => {
        // the order may have moved since it was read (a COD parcel returned undelivered is
        // Cancelled with nothing to collect): look again under its lock before issuing
        const [now] = await tx
          .select({ status: orders.status, codStatus: orders.codStatus })
          .from(orders)
          .where(eq(orders.id, id))
          .for('update');
        if (!now || !paidStatuses.includes(now.status)) return;
        if (now.codStatus !== null && !shippedOrLater.includes(now.status)) return;
        await issueInvoice(tx, { orderId: id });
        issued++;
      });
    } catch (err) {
      firstError ??= err;
    }
  }
  if (firstError) throw firstError;
  return { issued };
}
