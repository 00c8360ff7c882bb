import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  adminMessages,
  STAFF_SESSION_HOURS,
  type StaffMember,
  type StaffRole,
} from '@store/contracts/admin/common';
import type { Db, DbOrTx } from '../../db/client';
import { staff, staffSessions } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashPassword, passwordMatches } from '../../lib/passwords';
import type { StaffIdentity } from '../../plugins/staff-auth';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordActivity, type Actor } from '../activity/activity.service';

type StaffRow = typeof staff.$inferSelect;

export const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.role as StaffRole,
  disabled: row.disabledAt !== null,
  ownerNotices: row.ownerNotices,
  createdAt: row.createdAt.toISOString(),
});

const SESSION_MS = STAFF_SESSION_HOURS * 3_600_000;
/** A session token as staff_sessions keeps it. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function addStaff(
  db: Db,
  actor: Actor,
  input: { email: string; password: string; role: StaffRole },
): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ storeId: actor.storeId, email: input.email, passwordHash, role: input.role })
        .returning();
      const member = toStaffMember(row!);
      await recordActivity(tx, actor, {
        action: 'staff.add',
        entityType: 'staff',
        entityId: member.id,
        summary: `${member.email} (${member.role})`,
        after: { email: member.email, role: member.role },
      });
      return member;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, `${input.email} is already on the staff`, {
        email: `${input.email} is already on the staff`,
      });
    throw err;
  }
}

export async function listStaff(db: Db, storeId: string): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(staff.storeId, storeId))
    .orderBy(asc(staff.createdAt));
  return rows.map(toStaffMember);
}

export async function findStaffByEmail(db: DbOrTx, storeId: string, email: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.email, email)))
    .limit(1);
  return row;
}

/**
 * Changes a person's role or disables (enables) them. A disable ends their sessions in the same
 * transaction. The store always keeps one enabled owner: the last one cannot be demoted or disabled.
 */
export async function updateStaff(
  db: Db,
  actor: Actor,
  staffId: string,
  change: {
    role?: StaffRole | undefined;
    disabled?: boolean | undefined;
    ownerNotices?: boolean | undefined;
  },
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staff)
      .where(and(eq(staff.storeId, actor.storeId), eq(staff.id, staffId)))
      .for('update');
    if (!row) throw new HttpError(404, 'No such staff member');
    const before = toStaffMember(row);
    const role = change.role ?? before.role;
    const disabled = change.disabled ?? before.disabled;
    if (before.role === 'owner' && !before.disabled && (role !== 'owner' || disabled)) {
      // lock the owners so two concurrent demotions cannot both pass the count
      const owners = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(eq(staff.storeId, actor.storeId), eq(staff.role, 'owner'), isNull(staff.disabledAt)),
        )
        .for('update');
      if (owners.length <= 1)
        throw new HttpError(409, 'The store needs an owner: make someone else owner first');
    }
    const [updated] = await tx
      .update(staff)
      .set({
        role,
        disabledAt: disabled ? (row.disabledAt ?? new Date()) : null,
        ownerNotices: change.ownerNotices ?? row.ownerNotices,
        updatedAt: new Date(),
      })
      .where(eq(staff.id, staffId))
      .returning();
    if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    const after = toStaffMember(updated!);
    await recordActivity(tx, actor, {
      action:
        disabled && !before.disabled
          ? 'staff.disable'
          : !disabled && before.disabled
            ? 'staff.enable'
            : after.ownerNotices !== before.ownerNotices && after.role === before.role
              ? 'staff.owner_notices'
              : 'staff.role',
      entityType: 'staff',
      entityId: staffId,
      summary: after.email,
      before: { role: before.role, disabled: before.disabled, ownerNotices: before.ownerNotices },
      after: { role: after.role, disabled: after.disabled, ownerNotices: after.ownerNotices },
    });
    return after;
  });
}

/** Sign-in: a new 12-hour session, or the same 401 for an unknown e-mail, a wrong password or a disabled person. */
export async function signIn(db: Db, storeId: string, email: string, password: string) {
  const row = await findStaffByEmail(db, storeId, email);
  const ok = await passwordMatches(row?.passwordHash, password);
  if (!row || !ok || row.disabledAt) throw new HttpError(401, adminMessages.invalidCredentials);
  const token = `st_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db
    .insert(staffSessions)
    .values({ tokenHash: hashToken(token), staffId: row.id, expiresAt });
  // expired sessions of this person go as they sign in again (no job needed for a handful of rows)
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, row.id), lt(staffSessions.expiresAt, new Date())));
  return { token, expiresAt: expiresAt.toISOString(), staff: toStaffMember(row) };
}

/** The person a session token belongs to, if the session is live and they are enabled, in this store. */
export async function findSession(
  db: Db,
  storeId: string,
  token: string,
): Promise<StaffIdentity | null> {
  if (!token.startsWith('st_') || token.length > 100) return null;
  return findSessionByHash(db, storeId, hashToken(token));
}

/** findSession for a token already hashed (the demo outbox's pass names the session by its hash). */
export async function findSessionByHash(
  db: Db,
  storeId: string,
  tokenHash: string,
): Promise<StaffIdentity | null> {
  const [row] = await db
    .select({
      id: staff.id,
      storeId: staff.storeId,
      email: staff.email,
      role: staff.role,
      sessionExpiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staff.disabledAt),
        eq(staff.storeId, storeId),
      ),
    )
    .limit(1);
  return row ? { ...row, role: row.role as StaffRole } : null;
}

export async function signOut(db: Db, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

export async function findStaffMember(db: Db, storeId: string, id: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.id, id)))
    .limit(1);
  return row ? toStaffMember(row) : null;
}
