// Many shoppers at once for concurrency tests: written straight to the database and given a
// signed token, so the registration and login limits (30 per address) do not decide the test.
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';

export interface Shopper {
  id: string;
  email: string;
  token: string;
}

export async function insertShoppers(app: FastifyInstance, db: Db, n: number): Promise<Shopper[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        storeId: DEFAULT_STORE_ID,
        email: `buyer${i}.${tag}@example.in`,
        // never used to log in
        passwordHash: 'x',
        firstName: 'Buyer',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id, email: users.email });
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      token: await app.signToken({ id: r.id, email: r.email, storeId: DEFAULT_STORE_ID }),
    })),
  );
}

/** Starts the app on a free port of 127.0.0.1 and returns its base URL (closed by app.close()). */
export async function listenOnPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
