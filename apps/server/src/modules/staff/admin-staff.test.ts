import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { signInStaff, STAFF_TEST_PASSWORD, type SignedInStaff } from '../../test/staff';

let t: TestApp;
let owner: SignedInStaff;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

describe('back-office sessions', () => {
  it('signs in and says who is signed in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ email: owner.email, role: 'owner', disabled: false });
    expect(Date.parse(res.json().expiresAt) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
  });

  it('refuses a wrong password with the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: owner.email, password: 'wrong password here' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid email or password', code: 'unauthenticated' });
  });

  it('refuses a shopper token, and a staff token on the shop', async () => {
    const { token } = await registerAndLogin(t.app);
    const asShopper = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/activity',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asShopper.statusCode).toBe(401);
    const onShop = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accountInfo',
      headers: owner.headers,
    });
    expect(onShop.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/admin/activity' });
    expect(none.statusCode).toBe(401);
  });

  it('ends a session at sign-out', async () => {
    const s = await signInStaff(t.app, t.db, 'staff');
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/session',
      headers: s.headers,
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: s.headers,
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('staff (owner only)', () => {
  it('lets the owner add, change and disable staff, and logs each change', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner.headers,
      payload: { email: 'New.Person@Example.com', password: STAFF_TEST_PASSWORD, role: 'staff' },
    });
    expect(add.statusCode).toBe(201);
    const person = add.json();
    expect(person).toMatchObject({ email: 'new.person@example.com', role: 'staff' });
    expect(JSON.stringify(person)).not.toContain('argon2');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'new.person@example.com', password: STAFF_TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const theirHeaders = { authorization: `Bearer ${signIn.json().token}` };

    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${person.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    // their open session ends with the disable, and they cannot sign in again
    const during = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: theirHeaders,
    });
    expect(during.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: 'new.person@example.com', password: STAFF_TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/activity?entityType=staff',
      headers: clerk.headers,
    });
    expect(log.statusCode).toBe(200);
    const entries = log.json().data.filter((e: { entityId: string }) => e.entityId === person.id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'staff.disable',
      'staff.add',
    ]);
    expect(entries[0]).toMatchObject({
      actor: owner.email,
      before: { disabled: false },
      after: { disabled: true },
    });
  });

  it('refuses staff on owner-only routes (403) and checks the body (400)', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/staff',
      headers: clerk.headers,
    });
    expect(list.statusCode).toBe(403);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: clerk.headers,
      payload: { email: 'x@example.com', password: STAFF_TEST_PASSWORD, role: 'owner' },
    });
    expect(add.statusCode).toBe(403);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: owner.headers,
      payload: { email: 'short@example.com', password: 'elevenchars', role: 'staff' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 12 characters');
  });

  it('never leaves the store without an enabled owner', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${owner.id}`,
      headers: owner.headers,
      payload: { role: 'staff' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('sign-in limits', () => {
  it('blocks guessing one person’s password, apart from the shop’s login', async () => {
    const target = await signInStaff(t.app, t.db, 'staff');
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/session',
        payload: { email: target.email, password: 'not the password' },
      });
    // ten attempts per address and e-mail, the sign-in that made the session counted among them
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await attempt()).statusCode);
    expect(codes).toEqual(Array(9).fill(401));
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // even the right password waits now
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      payload: { email: target.email, password: STAFF_TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    // the shop's login counts apart: a shopper with that address is not blocked by it
    const shop = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      payload: { email: target.email, password: 'some password' },
    });
    expect(shop.statusCode).toBe(401);
  });
});
