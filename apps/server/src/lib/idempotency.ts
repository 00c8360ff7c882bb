// Exactly-once writes with Stripe's Idempotency-Key semantics: a retry of a request whose answer
// was lost (a timeout, a dropped connection, a crash after commit) gets the first answer instead
// of doing the work again.
import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './errors';
import { isUniqueViolation } from './pg-errors';

/** How long an answer is kept and replayed (Stripe: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used with a different request';

/** Reads and checks the Idempotency-Key header: undefined when absent; 400 HttpError when blank, over 255 chars or not printable ASCII. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw new HttpError(400, 'Send one Idempotency-Key header, not several');
  if (raw.trim() === '') throw new HttpError(400, 'The Idempotency-Key header is empty');
  if (raw.length > IDEMPOTENCY_KEY_MAX)
    throw new HttpError(400, `An Idempotency-Key is at most ${IDEMPOTENCY_KEY_MAX} characters`);
  if (!/^[\x20-\x7e]+$/.test(raw))
    throw new HttpError(400, 'An Idempotency-Key is printable ASCII (a UUID is a good choice)');
  return raw;
}

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** JSON with object keys sorted at every depth, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const requestHashOf = (body: unknown) =>
  createHash('sha256').update(canonicalJson(body)).digest('hex');

/** A placeholder answer, written first so a concurrent request with the key waits on it. */
const PENDING_STATUS = 0;

/** Runs `run` in one transaction and stores its answer under (userId, scope, key) in that same transaction. Same key + same body (canonical JSON hash) → the stored answer (replayed true), also while a first request is still running on PostgreSQL (the unique key makes the second wait, then read). Same key + other body → 422 HttpError 'This Idempotency-Key was already used with a different request'. Keys older than 24 h are ignored (and replaced). No key → just runs in a transaction. Only successful answers are stored; a thrown HttpError rolls back and stores nothing, so the retry runs again. */
export async function idempotent<T>(
  db: Db,
  opts: {
    /**
     * whose key it is: a shopper's id, or (the back office's New order, whose customer may be
     * made by the request itself) a function finding or making that account inside the
     * transaction, before the key is read, so a retry finds the account the first request made
     */
    userId: string | ((tx: DbOrTx) => Promise<string>);
    scope: string;
    key: string | undefined;
    body: unknown;
  },
  run: (tx: DbOrTx) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { scope, key } = opts;
  if (key === undefined) return { ...(await db.transaction(run)), replayed: false };
  const requestHash = requestHashOf(opts.body);
  const recordOf = (userId: string) =>
    and(
      eq(idempotencyKeys.userId, userId),
      eq(idempotencyKeys.scope, scope),
      eq(idempotencyKeys.key, key),
    );

  // Two rounds are enough: a unique violation means another request committed the key, so the
  // second round's read finds it (or, had that one rolled back, the insert no longer collides).
  // The read is inside the transaction, so the usual first request costs one transaction (one
  // turn of the embedded database's queue, db/client.ts), not a read and then a transaction.
  for (let round = 0; ; round++) {
    try {
      return await db.transaction(async (tx) => {
        const userId = typeof opts.userId === 'string' ? opts.userId : await opts.userId(tx);
        const record = recordOf(userId);
        const cutoff = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(record, gt(idempotencyKeys.createdAt, cutoff)));
        if (stored) {
          if (stored.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
          return { statusCode: stored.statusCode, body: stored.responseBody as T, replayed: true };
        }
        // an expired record is ignored and replaced
        await tx.delete(idempotencyKeys).where(and(record, lt(idempotencyKeys.createdAt, cutoff)));
        // Claim the key before the work: on PostgreSQL a concurrent request with the same key
        // blocks on this insert until we commit (then collides, and its next round replays our
        // answer) or roll back (then runs itself). On PGlite transactions run one at a time.
        await tx.insert(idempotencyKeys).values({
          userId,
          scope,
          key,
          requestHash,
          statusCode: PENDING_STATUS,
          responseBody: {},
        });
        const answer = await run(tx);
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: answer.statusCode, responseBody: answer.body as object })
          .where(record);
        return { ...answer, replayed: false };
      });
    } catch (err) {
      if (round < 2 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Sends an idempotent answer; a replay says so in `Idempotent-Replayed: true`. */
export function sendIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.statusCode).send(result.body);
}

/** Deletes records older than 24 h; returns how many. The job runner calls it hourly. */
export async function purgeIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
