/**
 * Test helper: back-office people. `staffHeaders(app, db, 'owner')` adds a person with that role
 * (through the same service as `npm run store -- staff add`) and signs them in over HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@store/contracts/admin/common';
import type { Db } from '../db/client';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';
import { commandLineActor } from '../modules/activity/activity.service';
import { addStaff } from '../modules/staff/staff.service';

export const STAFF_TEST_PASSWORD = 'correct horse battery';

export interface SignedInStaff {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

export async function signInStaff(
  app: FastifyInstance,
  db: Db,
  role: StaffRole,
  email = `${role}-${randomBytes(4).toString('hex')}@example.com`,
): Promise<SignedInStaff> {
  const member = await addStaff(db, commandLineActor(DEFAULT_STORE_ID), {
    email,
    password: STAFF_TEST_PASSWORD,
    role,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { email, password: STAFF_TEST_PASSWORD },
  });
  if (res.statusCode !== 200)
    throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json() as { token: string };
  return { id: member.id, email, token, headers: { authorization: `Bearer ${token}` } };
}
