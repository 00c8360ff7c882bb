import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffOutboxTickets } from '../../db/schema';
import type { StaffIdentity } from '../../plugins/staff-auth';
import { findSessionByHash } from './staff.service';

/*
 * How a staff member's browser gets into the demo outbox (docs/decisions/demo-outbox-access.md).
 * The back office keeps its session token in the tab's sessionStorage, which a page navigation
 * does not send. So the back office asks for a ticket (one use, one minute), opens
 * /demo/outbox?ticket=…, and the server swaps the ticket for a pass cookie that only the outbox's
 * paths receive. The pass names the staff session (by its hash) and is signed, so it stops
 * working the moment that session ends: sign-out, expiry, or the person being disabled.
 */

export const OUTBOX_TICKET_SECONDS = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A ticket for the session a back-office request came with (its token's hash). */
export async function issueOutboxTicket(
  db: Db,
  sessionTokenHash: string,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = `ot_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + OUTBOX_TICKET_SECONDS * 1000);
  // tickets nobody used go as new ones are asked for: a handful of rows, no job needed
  await db.delete(staffOutboxTickets).where(lt(staffOutboxTickets.expiresAt, sql`now()`));
  await db
    .insert(staffOutboxTickets)
    .values({ ticketHash: sha256(ticket), sessionTokenHash, expiresAt });
  return { ticket, expiresAt };
}

/**
 * Uses a ticket up (deleted in the same statement, so two requests cannot both redeem it) and
 * answers the session it was issued to, or null for an unknown, used or expired ticket.
 */
export async function redeemOutboxTicket(db: Db, ticket: string): Promise<string | null> {
  if (!ticket.startsWith('ot_') || ticket.length > 100) return null;
  const [row] = await db
    .delete(staffOutboxTickets)
    .where(
      and(
        eq(staffOutboxTickets.ticketHash, sha256(ticket)),
        gt(staffOutboxTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ sessionTokenHash: staffOutboxTickets.sessionTokenHash });
  return row?.sessionTokenHash ?? null;
}

const passMac = (key: Uint8Array, sessionTokenHash: string) =>
  createHmac('sha256', key).update(`demo-outbox-pass:${sessionTokenHash}`).digest('base64url');

/** The pass cookie's value for a session: its hash and a signature only this server can make. */
export const outboxPassFor = (key: Uint8Array, sessionTokenHash: string) =>
  `${sessionTokenHash}.${passMac(key, sessionTokenHash)}`;

/** The staff member a pass belongs to, while their session is live and in this store; else null. */
export async function staffOfOutboxPass(
  db: Db,
  key: Uint8Array,
  storeId: string,
  pass: string | undefined,
): Promise<StaffIdentity | null> {
  if (!pass || pass.length > 200) return null;
  const [sessionTokenHash = '', mac = ''] = pass.split('.');
  const expected = Buffer.from(passMac(key, sessionTokenHash));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return findSessionByHash(db, storeId, sessionTokenHash);
}

/** What the demo outbox's routes are given (modules/mail imports no other module). */
export interface OutboxAccess {
  /** a ticket's pass cookie value, or null when it cannot be used */
  redeem(ticket: string): Promise<{ pass: string } | null>;
  staffOf(storeId: string, pass: string | undefined): Promise<StaffIdentity | null>;
}

export function outboxAccess(db: Db, key: Uint8Array): OutboxAccess {
  return {
    async redeem(ticket) {
      const sessionTokenHash = await redeemOutboxTicket(db, ticket);
      return sessionTokenHash ? { pass: outboxPassFor(key, sessionTokenHash) } : null;
    },
    staffOf: (storeId, pass) => staffOfOutboxPass(db, key, storeId, pass),
  };
}
