import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { adminMessages } from '@store/contracts/admin/common';
import type { activityEntityTypes } from '@store/contracts/admin/people';
import type { Db, DbOrTx } from '../../db/client';
import { activityLog } from '../../db/schema';
import { HttpError } from '../../lib/errors';

export type ActivityEntityType = (typeof activityEntityTypes)[number];

/** Who makes a change: a signed-in staff member, the operator CLI, or the store itself. */
export interface Actor {
  storeId: string;
  /** null for the command line and the system */
  staffId: string | null;
  /** the staff member's e-mail, 'command line' or 'system' */
  label: string;
}

export const commandLineActor = (storeId: string): Actor => ({
  storeId,
  staffId: null,
  label: 'command line',
});

/** The shopper's own changes are logged under this actor (the order page's timeline says "shopper"). */
export const shopperActor = (storeId: string): Actor => ({
  storeId,
  staffId: null,
  label: 'shopper',
});

/** The actor an admin request's changes are logged under: its staff member (plugins/staff-auth.ts). */
export function actorOf(request: FastifyRequest): Actor {
  const s = request.staff;
  if (!s) throw new HttpError(401, adminMessages.signInRequired);
  return { storeId: s.storeId, staffId: s.id, label: s.email };
}

export interface ActivityChange {
  action: string;
  entityType: ActivityEntityType;
  entityId?: string | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one activity entry. Call it inside the transaction that makes the change, so the log and
 * the change are committed together (a change never goes unlogged, a log never lies).
 */
export async function recordActivity(db: DbOrTx, actor: Actor, change: ActivityChange) {
  await db.insert(activityLog).values({
    storeId: actor.storeId,
    staffId: actor.staffId,
    actor: actor.label,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId ?? null,
    summary: change.summary ?? '',
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export interface ActivityQuery {
  staffId?: string | undefined;
  entityType?: ActivityEntityType | undefined;
  entityId?: string | undefined;
  page: number;
  limit: number;
}

/** The log, newest first, filtered and paged in SQL. */
export async function listActivity(db: Db, storeId: string, q: ActivityQuery) {
  const where: SQL[] = [eq(activityLog.storeId, storeId)];
  if (q.staffId) where.push(eq(activityLog.staffId, q.staffId));
  if (q.entityType) where.push(eq(activityLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(activityLog.entityId, q.entityId));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(filter)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(activityLog).where(filter),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      staffId: r.staffId,
      actor: r.actor,
      action: r.action,
      entityType: r.entityType as ActivityEntityType,
      entityId: r.entityId,
      summary: r.summary,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Every entry about the given entities, oldest first (an order page's timeline: the order and its
 * payments). Unpaged: one order gathers a handful of entries.
 */
export async function activityOf(
  db: Db,
  storeId: string,
  entities: { entityType: ActivityEntityType; ids: string[] }[],
) {
  const which = entities
    .filter((e) => e.ids.length > 0)
    .map((e) =>
      and(eq(activityLog.entityType, e.entityType), inArray(activityLog.entityId, e.ids)),
    );
  if (which.length === 0) return [];
  return db
    .select({
      at: activityLog.createdAt,
      actor: activityLog.actor,
      action: activityLog.action,
      summary: activityLog.summary,
      after: activityLog.after,
    })
    .from(activityLog)
    .where(and(eq(activityLog.storeId, storeId), or(...which)))
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
}
