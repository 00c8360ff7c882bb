import type { FastifyInstance } from 'fastify';
import { purgeIdempotencyKeys } from '../lib/idempotency';
import { queueCartReminders } from '../modules/carts/cart-reminders.service';
import { issueMissingInvoices } from '../modules/invoices/deferred-invoices.service';
import { deliverDueEmails } from '../modules/mail/mail-sender.service';
import { deliverDueMessages } from '../modules/messaging/message-sender.service';
import { expireUnconfirmedCodOrders } from '../modules/orders/cod-confirmation.service';
import { expireUnpaidOrders } from '../modules/orders/order-transitions.service';
import type { PaymentConfig } from '../modules/payments/payment-config';
import { queueDailySummaries } from '../modules/reports/daily-summary.service';
import { reconcilePayments } from '../modules/payments/reconcile.service';
import type { JobDefinition } from './job-runner';

export interface StoreJobsOptions {
  app: FastifyInstance;
  payments: PaymentConfig;
  /** a Pending order not paid within this is cancelled and its stock returns */
  payWindowMs: number;
  /** signs the cart reminders' unsubscribe links (the server's key, which the link's page checks) */
  jwtSecret: Uint8Array;
}

/**
 * The store's background work. Each handler is safe to run twice (a crash mid-job means a retry):
 * the expiry is a conditional update per order, a PayU answer goes through the exactly-once
 * notification path, and deleting old keys is idempotent.
 */
export function storeJobs({
  app,
  payments,
  payWindowMs,
  jwtSecret,
}: StoreJobsOptions): JobDefinition[] {
  const db = app.db;
  return [
    {
      name: 'orders.expire-unpaid',
      cron: '* * * * *',
      handler: async () => {
        const onAvailabilityChange = () => app.catalogueChanged();
        const cancelled = await expireUnpaidOrders(db, {
          olderThanMs: payWindowMs,
          onAvailabilityChange,
        });
        // cash on delivery staff did not confirm in the store's window holds stock like unpaid
        const codCancelled = await expireUnconfirmedCodOrders(db, { onAvailabilityChange });
        if (cancelled + codCancelled > 0) {
          app.log.info(
            { cancelled, codCancelled },
            'cancelled unpaid and unconfirmed cash-on-delivery orders; their stock returned',
          );
          app.emailQueued();
        }
        return { cancelled, codCancelled };
      },
    },
    {
      name: 'payments.reconcile',
      cron: '*/2 * * * *',
      handler: async () => {
        const report = await reconcilePayments(db, payments);
        if (report.applied > 0 || report.errors > 0)
          app.log.info(report, 'reconciled payments with the provider');
        if (report.applied > 0) app.emailQueued();
        return report;
      },
    },
    {
      // every minute, and woken by app.emailQueued() right after a commit that queued e-mail; a
      // row is claimed by one run only, so overlapping runs send each e-mail once
      name: 'mail.deliver',
      cron: '* * * * *',
      handler: async () => {
        const { transport, ...settings } = app.mail;
        const report = await deliverDueEmails(db, transport, settings);
        if (report.retrying > 0 || report.failed > 0)
          app.log.warn(report, 'some e-mails could not be sent');
        return report;
      },
    },
    {
      // WhatsApp and SMS, as the mail job: every minute and woken with it (server.ts)
      name: 'messages.deliver',
      cron: '* * * * *',
      handler: async () => {
        const report = await deliverDueMessages(db, app.messaging, { baseUrl: app.mail.baseUrl });
        if (report.retrying > 0 || report.failed > 0)
          app.log.warn(report, 'some WhatsApp or SMS messages could not be sent');
        return report;
      },
    },
    {
      // a signed-in shopper's cart left behind: one e-mail per cart (claimed with SKIP LOCKED and
      // keyed by the cart's round, so overlapping runs queue it once), then the mail job sends it
      name: 'carts.remind',
      cron: '* * * * *',
      handler: async () => {
        const run = await queueCartReminders(db, { secret: jwtSecret });
        if (run.queued > 0) app.emailQueued();
        return run;
      },
    },
    {
      // the owner's summary of yesterday, from 08:00 India time: hourly, so a server down in the
      // morning still sends it; keyed by store and day, so it is queued once however often
      name: 'notices.daily-summary',
      cron: '7 * * * *',
      handler: async () => {
        const offered = await queueDailySummaries(db);
        if (offered > 0) app.emailQueued();
        return { offered };
      },
    },
    {
      // an invoice whose writing failed inside its payment's transaction (a savepoint) is issued
      // here; a failure throws, so it is logged and tried again
      name: 'invoices.issue-missing',
      cron: '*/5 * * * *',
      handler: async () => issueMissingInvoices(db),
    },
    {
      name: 'idempotency.purge',
      cron: '17 * * * *',
      handler: async () => ({ deleted: await purgeIdempotencyKeys(db) }),
    },
  ];
}
