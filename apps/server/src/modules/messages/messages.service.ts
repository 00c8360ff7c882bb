import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ContactBody } from '@store/contracts/messages';
import type { AdminMessageList, AdminSubscriberList } from '@store/contracts/admin/messages';
import type { Db, DbOrTx } from '../../db/client';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { signToken, verifyToken } from '../../lib/tokens';
import { queueEmail } from '../mail/outbox.service';
import { noticeRecipients } from '../notices/notice-recipients.service';

/** The newsletter links' tokens are for this and nothing else (a session token has no audience). */
const NEWSLETTER_AUDIENCE = 'newsletter';
/** An unsubscribe link must keep working long after the e-mail. */
const TOKEN_LIFETIME = '730d';

export interface Subscription {
  storeId: string;
  subscriberId: string;
}

/** The confirm and unsubscribe links' token: one subscriber of one store, signed with the server's key. */
export function signNewsletterToken(secret: Uint8Array, who: Subscription): Promise<string> {
  return signToken(
    secret,
    { store: who.storeId },
    { audience: NEWSLETTER_AUDIENCE, subject: who.subscriberId, lifetime: TOKEN_LIFETIME },
  );
}

/** Whose subscription a token names; null when it is not one of ours (or expired, or another store's). */
export async function readNewsletterToken(
  secret: Uint8Array,
  token: string,
  storeId: string,
): Promise<Subscription | null> {
  const claims = await verifyToken(secret, token, NEWSLETTER_AUDIENCE);
  if (!claims || typeof claims.sub !== 'string' || claims.store !== storeId) return null;
  return { storeId, subscriberId: claims.sub };
}

/**
 * Keeps a contact form's message and, in the same transaction, queues it to everyone told of
 * the shop's messages (modules/staff notice-recipients), each once.
 */
export async function receiveContactMessage(
  db: Db,
  storeId: string,
  body: Omit<ContactBody, 'website'>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        storeId,
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    for (const to of await noticeRecipients(tx, storeId)) {
      await queueEmail(tx, {
        storeId,
        kind: 'contact_message',
        key: `contact:${id}:to:${to.key}`,
        to: to.email,
        data: { messageId: id },
      });
    }
    return id;
  });
}

/**
 * A newsletter sign-up: the consent is kept with its time and a confirmation e-mail queued (double
 * opt-in). Someone already subscribed is left as they are (no second e-mail); an unconfirmed or
 * unsubscribed address consents anew and gets a new confirmation. Answers whether one was queued.
 */
export async function signUpForNewsletter(
  db: Db,
  storeId: string,
  email: string,
  secret: Uint8Array,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(newsletterSubscribers)
      .values({ storeId, email, consentedAt: now })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    let id = added?.id;
    if (!id) {
      const [row] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(
          and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.email, email)),
        )
        .for('update');
      if (!row || (row.confirmedAt && !row.unsubscribedAt)) return false;
      id = row.id;
      await tx
        .update(newsletterSubscribers)
        .set({ consentedAt: now, confirmedAt: null, unsubscribedAt: null })
        .where(eq(newsletterSubscribers.id, id));
    }
    const token = await signNewsletterToken(secret, { storeId, subscriberId: id });
    await queueEmail(tx, {
      storeId,
      kind: 'newsletter_confirm',
      // one per consent: each sign-up asks once
      key: `newsletter:${id}:confirm:${now.getTime()}`,
      to: email,
      data: { subscriberId: id, token },
    });
    return true;
  });
}

/**
 * Subscribes (the confirmation link: the token proves the inbox is theirs) or unsubscribes the
 * token's subscriber. Answers false when the sign-up no longer exists.
 */
export async function setSubscribed(
  db: DbOrTx,
  who: Subscription,
  on: boolean,
  now = new Date(),
): Promise<boolean> {
  const where = and(
    eq(newsletterSubscribers.storeId, who.storeId),
    eq(newsletterSubscribers.id, who.subscriberId),
  );
  const changed = on
    ? await db
        .update(newsletterSubscribers)
        .set({
          // an unsubscribed reader who says "subscribe again" consents anew, now
          consentedAt: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.consentedAt} else ${now.toISOString()}::timestamptz end`,
          confirmedAt: sql`coalesce(case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.confirmedAt} end, ${now.toISOString()}::timestamptz)`,
          unsubscribedAt: null,
        })
        .where(where)
        .returning({ id: newsletterSubscribers.id })
    : await db
        .update(newsletterSubscribers)
        .set({
          unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(where)
        .returning({ id: newsletterSubscribers.id });
  return changed.length > 0;
}

const iso = (date: Date) => date.toISOString();

const messageView = (m: typeof contactMessages.$inferSelect) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  receivedAt: iso(m.createdAt),
  readAt: m.readAt ? iso(m.readAt) : null,
});

/** One message of the store's; null when it has none by that id. */
export async function findContactMessage(db: DbOrTx, storeId: string, id: string) {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.storeId, storeId), eq(contactMessages.id, id)));
  return row ? messageView(row) : null;
}

/** The inbox, newest first, with the count of unread messages. */
export async function listContactMessages(
  db: DbOrTx,
  storeId: string,
  q: { page: number; limit: number },
): Promise<AdminMessageList> {
  const mine = eq(contactMessages.storeId, storeId);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(mine)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(contactMessages)
    .where(mine);
  return {
    data: rows.map(messageView),
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** Marks a message read (now) or unread; false when the store has no such message. */
export async function markContactMessage(
  db: DbOrTx,
  storeId: string,
  id: string,
  read: boolean,
): Promise<boolean> {
  const changed = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(and(eq(contactMessages.storeId, storeId), eq(contactMessages.id, id)))
    .returning({ id: contactMessages.id });
  return changed.length > 0;
}

/** Confirmed and still subscribed: the only addresses the shop may write to. */
const subscribed = (storeId: string) =>
  and(
    eq(newsletterSubscribers.storeId, storeId),
    isNotNull(newsletterSubscribers.confirmedAt),
    isNull(newsletterSubscribers.unsubscribedAt),
  );

export async function listSubscribers(
  db: DbOrTx,
  storeId: string,
  q: { page: number; limit: number },
): Promise<AdminSubscriberList> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(subscribed(storeId))
    .orderBy(desc(newsletterSubscribers.confirmedAt), desc(newsletterSubscribers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totals] = await db
    .select({
      total:
        sql<number>`count(*) filter (where ${newsletterSubscribers.confirmedAt} is not null and ${newsletterSubscribers.unsubscribedAt} is null)`.mapWith(
          Number,
        ),
      awaiting:
        sql<number>`count(*) filter (where ${newsletterSubscribers.confirmedAt} is null and ${newsletterSubscribers.unsubscribedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.storeId, storeId));
  return {
    data: rows.map((s) => ({
      id: s.id,
      email: s.email,
      consentedAt: iso(s.consentedAt),
      confirmedAt: iso(s.confirmedAt!),
    })),
    total: totals?.total ?? 0,
    awaitingConfirmation: totals?.awaiting ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** Every confirmed subscriber, oldest first, with the link that unsubscribes each (for a mailing tool). */
export async function subscribersForExport(db: DbOrTx, storeId: string) {
  return db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      consentedAt: newsletterSubscribers.consentedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(subscribed(storeId))
    .orderBy(newsletterSubscribers.confirmedAt, newsletterSubscribers.id);
}
