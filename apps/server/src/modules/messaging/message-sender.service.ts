import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DemoOutboxMessage } from '../mail/demo-outbox.routes';
import { messageOutbox } from '../../db/schema';
import type { MessageKind } from './message-outbox.service';
import type { MessagingChannel, MessagingProvider, SendResult } from './messaging-provider';
import type { MessagingConfig } from './registry';
import { renderMessage, type MessageData } from './message-templates';

type OutboxRow = typeof messageOutbox.$inferSelect;

export interface DeliverMessagesOptions {
  /** PUBLIC_BASE_URL (MAIL_BASE_URL): the origin of the track-order links */
  baseUrl: string;
  now?: Date;
  limit?: number;
  leaseMs?: number;
  /** the first retry's delay, doubled each attempt */
  retryBaseMs?: number;
  maxAttempts?: number;
}

export interface MessageDeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

export const MESSAGE_MAX_ATTEMPTS = 8;
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_RETRY_BASE_MS = 60_000;
const MAX_RETRY_DELAY_MS = 2 * 60 * 60_000;

/** Claims due rows in one statement, as the mail sender does (SKIP LOCKED, the attempt counted). */
async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        inArray(messageOutbox.status, ['pending', 'sending']),
        lte(messageOutbox.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(messageOutbox)
    .set({
      status: 'sending',
      attempts: sql`${messageOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(messageOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

const withoutCode = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'code'));

const stillOurs = (row: OutboxRow) =>
  and(
    eq(messageOutbox.id, row.id),
    eq(messageOutbox.status, 'sending'),
    eq(messageOutbox.attempts, row.attempts),
  );

/**
 * The channels a message may take, in order: WhatsApp when configured and the shopper opted in
 * (WhatsApp's policy and ours), then SMS when configured. One that already fell back to SMS
 * stays there.
 */
function routeOf(row: OutboxRow, providers: MessagingConfig['providers']): MessagingProvider[] {
  const route: MessagingProvider[] = [];
  if (providers.whatsapp?.isConfigured() && row.whatsappOptIn && row.channel !== 'sms')
    route.push(providers.whatsapp);
  if (providers.sms?.isConfigured()) route.push(providers.sms);
  return route;
}

/**
 * Sends the messages that are due through the configured providers: sent rows keep the
 * provider's id; a retryable failure goes back to pending with a doubling delay (on the same
 * channel); a permanent one on WhatsApp, or its last retry, falls back to SMS at once when SMS is
 * configured, else the row is failed. In the demo every message is marked sent with a demo id,
 * on the channel it would take with both providers, and the demo outbox lists it. Safe to run
 * concurrently.
 */
export async function deliverDueMessages(
  db: Db,
  config: MessagingConfig,
  options: DeliverMessagesOptions,
): Promise<MessageDeliveryReport> {
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? MESSAGE_MAX_ATTEMPTS;
  const retryBase = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const started = Date.now();
  const rows = await claimDue(db, now, options.limit ?? 50, leaseMs);
  const report: MessageDeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  const finish = (row: OutboxRow, set: Partial<typeof messageOutbox.$inferInsert>) =>
    db.update(messageOutbox).set(set).where(stillOurs(row));

  for (const row of rows) {
    // renew the lease while it is still ours, as the mail sender does, so nothing goes twice
    const renewed = await db
      .update(messageOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + (Date.now() - started) + leaseMs) })
      .where(stillOurs(row))
      .returning({ id: messageOutbox.id });
    if (renewed.length === 0) continue;
    const rendered = renderMessage(row.kind, row.data as MessageData, options.baseUrl);
    if (!rendered) {
      await finish(row, { status: 'failed', lastError: `No template for ${row.kind}` });
      report.failed++;
      continue;
    }
    if (config.demo) {
      await finish(row, {
        status: 'sent',
        channel: row.whatsappOptIn ? 'whatsapp' : 'sms',
        providerMessageId: `demo:${row.id}`,
        sentAt: new Date(),
        lastError: null,
      });
      report.sent++;
      continue;
    }
    const route = routeOf(row, config.providers);
    if (route.length === 0) {
      await finish(row, {
        status: 'skipped',
        lastError: row.whatsappOptIn
          ? 'No WhatsApp or SMS provider is configured'
          : 'Only SMS may carry this message (no WhatsApp opt-in) and no SMS provider is configured',
      });
      report.skipped++;
      continue;
    }
    const errors: string[] = [];
    let outcome: 'sent' | 'retry' | 'failed' = 'failed';
    let channel: MessagingChannel = route[0]!.channel;
    for (const provider of route) {
      channel = provider.channel;
      // a provider's own bug must not leave the row claimed until its lease runs out
      const result = await provider
        .send({
          outboxId: row.id,
          kind: row.kind as MessageKind,
          toPhone: row.toPhone,
          params: rendered.params,
        })
        .catch((err: unknown): SendResult => ({
          ok: false,
          retryable: true,
          error: `${provider.label}: ${err instanceof Error ? err.message : String(err)}`,
        }));
      if (result.ok) {
        await finish(row, {
          status: 'sent',
          channel,
          providerMessageId: result.providerMessageId,
          sentAt: new Date(),
          // a one-time code is kept only until it is sent (the demo keeps it: its outbox shows it)
          ...(row.kind === 'cod_otp' ? { data: withoutCode(row.data) } : {}),
          lastError: errors.length ? errors.join('; ').slice(0, 1000) : null,
        });
        outcome = 'sent';
        break;
      }
      errors.push(result.error);
      if (result.retryable && row.attempts < maxAttempts) {
        outcome = 'retry';
        break;
      }
      // permanent, or retried for the last time: the next channel, if any, now
    }
    if (outcome === 'sent') {
      report.sent++;
      continue;
    }
    const giveUp = outcome === 'failed';
    const delay = Math.min(retryBase * 2 ** (row.attempts - 1), MAX_RETRY_DELAY_MS);
    await finish(row, {
      ...(giveUp && row.kind === 'cod_otp' ? { data: withoutCode(row.data) } : {}),
      status: giveUp ? 'failed' : 'pending',
      channel,
      nextAttemptAt: new Date(now.getTime() + delay),
      lastError: errors.join('; ').slice(0, 1000),
    });
    if (giveUp) report.failed++;
    else report.retrying++;
  }
  return report;
}

/** The store's latest messages with their text, for the demo outbox beside the e-mails. */
export async function demoMessages(
  db: Db,
  storeId: string,
  baseUrl: string,
): Promise<DemoOutboxMessage[]> {
  const rows = await db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.storeId, storeId))
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
    .limit(200);
  return rows.map((r) => ({
    channel: r.channel,
    toPhone: r.toPhone,
    kind: r.kind,
    // a demo's cash-on-delivery code is shown: whoever tries the demo must be able to type it
    text: renderMessage(r.kind, r.data, baseUrl)?.text ?? '',
    status: r.status,
    lastError: r.lastError,
    at: r.sentAt ?? r.createdAt,
  }));
}
