import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  INVALID_RESET_TOKEN,
  INVITE_LIFETIME_DAYS,
  PASSWORD_RESET_MINUTES,
} from '@store/contracts/users';
import type { Db, DbOrTx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { queueEmail } from '../mail/outbox.service';

const RESET_LIFETIME_MS = PASSWORD_RESET_MINUTES * 60_000;

/** Only this is stored: a database leak must not hand out working reset links. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a set-password token for `user` in the caller's transaction: 32 random bytes (base64url),
 * stored only as their sha256, and queues the e-mail that carries it. A reset ('password_reset')
 * lasts 30 minutes; an invitation ('account_invite': an account staff made for an order taken by
 * phone) lasts INVITE_LIFETIME_DAYS and is used on the same reset page.
 */
export async function issuePasswordToken(
  tx: DbOrTx,
  storeId: string,
  user: { id: string; email: string; firstName: string },
  kind: 'password_reset' | 'account_invite',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const lifetimeMs =
    kind === 'account_invite' ? INVITE_LIFETIME_DAYS * 86_400_000 : RESET_LIFETIME_MS;
  const [reset] = await tx
    .insert(passwordResets)
    .values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + lifetimeMs),
    })
    .returning({ id: passwordResets.id });
  await queueEmail(tx, {
    storeId,
    kind,
    key: `${kind === 'account_invite' ? 'invite' : 'reset'}:${reset!.id}`,
    to: user.email,
    data: { token, firstName: user.firstName },
  });
}

/**
 * For an account with this address: a new reset token, stored as its sha256 for 30 minutes, and
 * the e-mail carrying it queued in the same transaction. For any other address: nothing. Answers
 * whether an e-mail was queued, for the caller to wake the mailer; the shopper is told the same
 * either way (the route answers before this runs).
 */
export async function requestPasswordReset(
  db: Db,
  storeId: string,
  email: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.email, email)))
      .limit(1);
    if (!user) return false;
    await issuePasswordToken(tx, storeId, user, 'password_reset');
    return true;
  });
}

/** The user's id when `token` is an open (unused, unexpired) reset of this store; else undefined. */
async function openResetUser(db: Db, storeId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        eq(users.storeId, storeId),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Sets a new password with an e-mailed token. The token is used up by one conditional UPDATE (of
 * two submits at once exactly one matches), together with the password, every other open reset of
 * the account, and the account's session cutoff: every token issued before this second stops
 * working (plugins/auth.ts). The cutoff is floored to the second because a session token's `iat`
 * is in whole seconds: a login right after the reset, in the same second, must work.
 */
export async function resetPassword(
  db: Db,
  storeId: string,
  token: string,
  password: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  // A cheap look first, so a wrong or stale link costs no argon2 work.
  if (!(await openResetUser(db, storeId, tokenHash, new Date()))) {
    throw new HttpError(400, INVALID_RESET_TOKEN);
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
          inArray(
            passwordResets.userId,
            tx.select({ id: users.id }).from(users).where(eq(users.storeId, storeId)),
          ),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new HttpError(400, INVALID_RESET_TOKEN);
    await tx
      .update(users)
      .set({
        passwordHash,
        // tokens carry their issue time in milliseconds (plugins/auth.ts): every older one ends
        sessionsValidAfter: now,
        updatedAt: now,
      })
      .where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
  });
}
