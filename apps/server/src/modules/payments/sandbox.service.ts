import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, stores } from '../../db/schema';
import type { PaymentConfig } from './payment-config';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxProvider,
  signSandboxNotification,
} from './providers/sandbox';
import { receiveWebhook, type NotificationOutcome } from './payments.service';
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
  const outcome = await receiveWebhook(db, config, sandboxProvider.id, {
    rawBody,
    headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
  });
  // the sandbox signs only payment events of its own attempts
  if ('ignored' in outcome) throw new Error('The sandbox signed an event it does not apply');
  return outcome;
}
