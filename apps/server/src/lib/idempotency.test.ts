import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys, users } from '../db/schema';
import { insertShoppers, type Shopper } from '../test/shoppers';
import { createTestApp, type TestApp } from '../test/test-app';
import { HttpError } from './errors';
import { idempotent, purgeIdempotencyKeys } from './idempotency';

let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  t = await createTestApp();
  shopper = (await insertShoppers(t.app, t.db, 1))[0]!;
});
afterAll(() => t.close());

const scope = 'test';
/** a write the test can see: the shopper's first name */
const rename = (name: string) => async (tx: DbOrTx) => {
  await tx.update(users).set({ firstName: name }).where(eq(users.id, shopper.id));
  return { statusCode: 201, body: { name } };
};
const nameNow = async () =>
  (await t.db.select().from(users).where(eq(users.id, shopper.id)))[0]!.firstName;

describe('idempotent', () => {
  it('hashes the body canonically: the same fields in another order are the same request', async () => {
    const opts = { userId: shopper.id, scope, key: 'k-canonical' };
    const first = await idempotent(
      t.db,
      { ...opts, body: { a: 1, b: { c: 2, d: [1, 2] } } },
      rename('One'),
    );
    const again = await idempotent(
      t.db,
      { ...opts, body: { b: { d: [1, 2], c: 2 }, a: 1 } },
      rename('Two'),
    );
    expect(first).toEqual({ statusCode: 201, body: { name: 'One' }, replayed: false });
    expect(again).toEqual({ statusCode: 201, body: { name: 'One' }, replayed: true });
    expect(await nameNow()).toBe('One');
  });

  it('rolls back the work and keeps no record when it throws, so a retry runs', async () => {
    const opts = { userId: shopper.id, scope, key: 'k-throws', body: {} };
    await expect(
      idempotent(t.db, opts, async (tx) => {
        await rename('Half')(tx);
        throw new HttpError(409, 'no');
      }),
    ).rejects.toThrow('no');
    expect(await nameNow()).not.toBe('Half');
    expect((await idempotent(t.db, opts, rename('Whole'))).replayed).toBe(false);
    expect(await nameNow()).toBe('Whole');
  });

  it('without a key still runs in one transaction', async () => {
    await expect(
      idempotent(t.db, { userId: shopper.id, scope, key: undefined, body: {} }, async (tx) => {
        await rename('Lost')(tx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await nameNow()).not.toBe('Lost');
  });
});

describe('purgeIdempotencyKeys', () => {
  it('deletes records older than 24 hours and keeps the rest', async () => {
    const opts = { userId: shopper.id, scope: 'purge', body: {} };
    await idempotent(t.db, { ...opts, key: 'old' }, rename('A'));
    await idempotent(t.db, { ...opts, key: 'fresh' }, rename('B'));
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'old'));
    expect(await purgeIdempotencyKeys(t.db)).toBe(1);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, 'purge'));
    expect(left).toEqual([{ key: 'fresh' }]);
  });
});
