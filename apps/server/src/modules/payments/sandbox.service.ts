import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { PaymentConfig } from './payment-config';
import { signSandboxNotification, verifySandboxNotification } from './providers/sandbox';
import { applyNotification, type NotificationOutcome } from './payments.service';
import type { SandboxAttemptView } from './sandbox-pages';

const attemptColumns = {
  id: payments.id,
  orderId: payments.orderId,
  merchant: stores.storeName,
  amountPaise: payments.amountPaise,
  provider: payments.provider,
  status: payments.status,
};

export async function findSandboxAttempt(
  db: Db,
  paymentId: string,
): Promise<SandboxAttemptView | null> {
  const [row] = await db
    .select(attemptColumns)
    .from(payments)
    .innerJoin(stores, eq(stores.id, payments.storeId))
    .where(eq(payments.id, paymentId));
  return row && (row.provider === 'sandbox' || row.provider === 'upi') ? row : null;
}

/** The webhook's path: verify the signature over the raw body, then apply. 401 when unsigned or forged. */
export async function receiveSandboxNotification(
  db: Db,
  config: PaymentConfig,
  rawBody: string,
  signature: string | undefined,
): Promise<NotificationOutcome> {
  // the sandbox settles nothing in live mode, whatever reaches this function
  if (!config.demo) throw new HttpError(404, 'Unknown payment');
  const notification = verifySandboxNotification(config.sandbox.secret, rawBody, signature);
  if (!notification) throw new HttpError(401, 'Invalid notification signature');
  return applyNotification(db, notification);
}

/**
 * What the sandbox does when the payer clicks Approve or Decline: it signs a notification as a
 * gateway would and delivers it through the very path the webhook uses.
 */
export async function settleSandboxAttempt(
  db: Db,
  config: PaymentConfig,
  attempt: SandboxAttemptView,
  approve: boolean,
): Promise<NotificationOutcome> {
  const { rawBody, signature } = signSandboxNotification(config.sandbox.secret, {
    event: approve ? 'payment.captured' : 'payment.failed',
    paymentId: attempt.id,
    amount: attempt.amountPaise,
    ...(approve ? {} : { reason: 'Payment declined' }),
  });
  return receiveSandboxNotification(db, config, rawBody, signature);
}
