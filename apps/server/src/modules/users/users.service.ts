import { and, eq } from 'drizzle-orm';
import type { AccountInfo, RegisterBody } from '@store/contracts/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hashPassword, passwordMatches } from '../../lib/passwords';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';

type UserRow = typeof users.$inferSelect;

export function toAccountInfo(row: UserRow): AccountInfo {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function registerUser(db: Db, storeId: string, body: RegisterBody): Promise<UserRow> {
  const existing = await findUserByEmail(db, storeId, body.email);
  if (existing) throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN }, 'email_taken');
  const passwordHash = await hashPassword(body.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        storeId,
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN }, 'email_taken');
    throw err;
  }
}

export async function findUserByEmail(
  db: Db,
  storeId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)))
    .limit(1);
  return row;
}

/**
 * Whether a session token issued at `issuedAtMs` still opens the account: it exists and its
 * password has not been reset since. The check behind every signed-in request: one primary-key
 * read. Both times are in milliseconds, so the session signed just before a reset ends and the
 * login right after it, even in the same second, works.
 */
export async function sessionStillValid(
  db: Db,
  storeId: string,
  id: string,
  issuedAtMs: number,
): Promise<boolean> {
  const [row] = await db
    .select({ sessionsValidAfter: users.sessionsValidAfter })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, id)))
    .limit(1);
  if (!row) return false;
  return !row.sessionsValidAfter || issuedAtMs >= row.sessionsValidAfter.getTime();
}

export async function findUserById(
  db: Db,
  storeId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** The user when the password matches; otherwise a 401 that is the same for unknown emails. */
export async function checkCredentials(
  db: Db,
  storeId: string,
  email: string,
  password: string,
): Promise<UserRow> {
  const row = await findUserByEmail(db, storeId, email);
  const ok = await passwordMatches(row?.passwordHash, password);
  if (!row || !ok) throw new HttpError(401, INVALID_CREDENTIALS);
  return row;
}
