import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox, stores } from '../../db/schema';
import type { MailTransport } from './mail-transport';
import { renderOutboxEmail, SkippedEmailError, UnrenderableEmailError } from './render-email';

type OutboxRow = typeof emailOutbox.$inferSelect;

/** What the sender needs besides the database and the transport (AppConfig's `mail`). */
export interface MailSettings {
  /** PUBLIC_BASE_URL: the origin of every link in an e-mail, and the host of its Message-ID */
  baseUrl: string;
  /** MAIL_FROM; unset: each store's name and e-mail ("Kagaz & Kalam <hello@…>") */
  from?: string | undefined;
}

export interface DeliverOptions extends MailSettings {
  now?: Date;
  /** rows claimed per call */
  limit?: number;
  /** how long a claimed row is ours; after it a row left 'sending' (a crash) is taken again */
  leaseMs?: number;
  /** the first retry's delay, doubled each attempt */
  retryBaseMs?: number;
  /** attempts before a row is marked 'failed' */
  maxAttempts?: number;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** no longer to be sent (a reminder of a cart ordered meanwhile) */
  skipped: number;
}

export const MAIL_MAX_ATTEMPTS = 8;
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_RETRY_BASE_MS = 60_000;
const MAX_RETRY_DELAY_MS = 2 * 60 * 60_000;

/**
 * The same Message-ID for every attempt of one outbox row: a message resent after a crash between
 * "sent" and our record of it is recognisable (and dropped by many receivers) as the same one.
 */
export function messageIdOf(outboxId: string, baseUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(baseUrl).hostname || host;
  } catch {
    // a malformed base URL still gets a well-formed id
  }
  return `<${outboxId}@${host}>`;
}

/**
 * Claims due rows in one statement: pending ones whose time has come, and 'sending' ones whose
 * lease ran out (their process died mid-send). SKIP LOCKED lets several processes on one
 * PostgreSQL claim disjoint rows; PGlite has one connection, so the statement alone is atomic.
 * The attempt is counted at the claim, so a message that crashes the process every time still
 * reaches its limit.
 */
async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(inArray(emailOutbox.status, ['pending', 'sending']), lte(emailOutbox.nextAttemptAt, now)),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

async function senderOf(db: Db, storeId: string, settings: MailSettings) {
  if (settings.from) return settings.from;
  const [store] = await db
    .select({ name: stores.storeName, address: stores.companyEmail })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) throw new UnrenderableEmailError(`Store ${storeId} no longer exists`);
  return store;
}

/** Only while the row is still ours: a lease taken over by another process is not overwritten. */
/** E-mails whose data holds a secret link (a set-password or payment token): kept only until sent. */
const carriesSecret = (kind: string) =>
  kind === 'password_reset' || kind === 'account_invite' || kind === 'payment_link';

const stillOurs = (row: OutboxRow) =>
  and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.status, 'sending'),
    eq(emailOutbox.attempts, row.attempts),
  );

/**
 * Sends the e-mails that are due: each rendered from the database as it is now, sent, and marked
 * sent; a failure goes back to pending with a doubling delay, and after MAIL_MAX_ATTEMPTS (or at
 * once, for one that can never be written) it is marked failed with its last error. Safe to run
 * concurrently and repeatedly: the claim gives each row to one caller.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  options: DeliverOptions,
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const retryBase = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const started = Date.now();
  const rows = await claimDue(db, now, options.limit ?? 50, leaseMs);
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  for (const row of rows) {
    // The claim's lease started when the batch was claimed; the messages before this one may have
    // used it up (a slow SMTP server), and another process may then have claimed this row. Renew
    // it while it is still ours and only then send, so no message goes out twice.
    const renewed = await db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + (Date.now() - started) + leaseMs) })
      .where(stillOurs(row))
      .returning({ id: emailOutbox.id });
    if (renewed.length === 0) continue;
    const messageId = messageIdOf(row.id, options.baseUrl);
    try {
      const email = await renderOutboxEmail(db, row, { baseUrl: options.baseUrl });
      await transport.send({
        outboxId: row.id,
        from: await senderOf(db, row.storeId, options),
        to: row.toAddress,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId,
        headers: email.headers,
      });
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          messageId,
          subject: email.subject,
          lastError: null,
          // a reset link's token is needed only to write the e-mail: once sent it is not kept
          ...(carriesSecret(row.kind) ? { data: {} } : {}),
        })
        .where(stillOurs(row));
      report.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof SkippedEmailError) {
        await db
          .update(emailOutbox)
          .set({ status: 'skipped', lastError: message.slice(0, 1000) })
          .where(stillOurs(row));
        report.skipped++;
        continue;
      }
      const giveUp = err instanceof UnrenderableEmailError || row.attempts >= maxAttempts;
      const delay = Math.min(retryBase * 2 ** (row.attempts - 1), MAX_RETRY_DELAY_MS);
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + delay),
          lastError: message.slice(0, 1000),
          // a reset link's token is kept only while the e-mail may still be written
          ...(giveUp && carriesSecret(row.kind) ? { data: {} } : {}),
        })
        .where(stillOurs(row));
      if (giveUp) report.failed++;
      else report.retrying++;
    }
  }
  return report;
}

/** Everything e-mail needs, given to buildApp (server.ts from env.ts; tests their own). */
export interface MailConfig extends MailSettings {
  transport: MailTransport;
}
