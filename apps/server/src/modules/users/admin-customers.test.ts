import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stores, users } from '../../db/schema';
import { pay, placePaidOrder, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let clerk: SignedInStaff;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  buyer = await registerAndLogin(t.app, { firstName: 'Meera', lastName: 'Krishnan' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers });

/** No answer about customers may carry a password hash or a token. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/argon2/i);
  expect(body).not.toContain('passwordHash');
  expect(body).not.toContain('password');
  expect(body).not.toContain('token');
}

describe('GET /admin/customers', () => {
  it('finds customers by name or e-mail with order counts and paid spend', async () => {
    const paid = await placePaidOrder(t.app, buyer.token);
    const pending = await placeTestOrder(t.app, buyer.token);
    await registerAndLogin(t.app, { firstName: 'Ravi', lastName: 'Kumar' });

    const byName = await get('/customers?q=meera%20krish');
    expect(byName.statusCode).toBe(200);
    expectNoSecrets(byName.body);
    expect(byName.json()).toMatchObject({ total: 1, page: 1, limit: 20 });
    const row = byName.json().data[0];
    expect(row).toMatchObject({
      id: buyer.id,
      email: buyer.email,
      firstName: 'Meera',
      orderCount: 2,
    });
    const detail = await get(`/customers/${buyer.id}`);
    const paidTotal = detail.json().orders.find((o: { id: string }) => o.id === paid).totalPaise;
    expect(row.spentPaise).toBe(paidTotal);
    expect(row.lastOrderAt).not.toBeNull();

    const byEmail = (await get(`/customers?q=${buyer.email.toUpperCase()}`)).json();
    expect(byEmail.data.map((c: { id: string }) => c.id)).toEqual([buyer.id]);
    expect((await get('/customers?q=nobody_at_all')).json().total).toBe(0);

    const page = (await get('/customers?limit=1&page=2')).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);

    expectNoSecrets(detail.body);
    expect(detail.json().orders.map((o: { id: string }) => o.id)).toEqual([pending.id, paid]);
    expect(detail.json().orders[0]).toMatchObject({ status: 0, itemCount: 2 });
  });

  it('counts a cash-on-delivery order in the spend only once its cash is collected', async () => {
    const shopper = await registerAndLogin(t.app, { firstName: 'Kavya', lastName: 'Rao' });
    const order = await placeTestOrder(t.app, shopper.token);
    const chose = await pay(t.app, shopper.token, order.id, validFields('cod'));
    expect(chose.statusCode, chose.body).toBe(200);
    const spend = async () => (await get(`/customers?q=kavya%20rao`)).json().data[0].spentPaise;
    expect(await spend()).toBe(0);
    await t.db.update(orders).set({ codStatus: 'collected' }).where(eq(orders.id, order.id));
    expect(await spend()).toBe(Math.round(order.total * 100));
  });

  it('refuses bad input (400 naming the field) and unknown or other stores’ customers (404)', async () => {
    const long = await get(`/customers?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('q');
    const badLimit = await get('/customers?limit=0');
    expect(badLimit.json().fields).toHaveProperty('limit');
    const badId = await get('/customers/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty('customerId');
    expect((await get(`/customers/${randomUUID()}`)).statusCode).toBe(404);

    await t.db
      .insert(stores)
      .values({
        id: 'other-store',
        storeName: 'Other',
        companyName: 'Other Pvt Ltd',
        companyAddress: 'Elsewhere',
        companyEmail: 'other@example.com',
        companyPhone: '9999999999',
      })
      .onConflictDoNothing();
    const elsewhere = await registerAndLogin(t.app, { firstName: 'Other', lastName: 'Shopper' });
    await t.db.update(users).set({ storeId: 'other-store' }).where(eq(users.id, elsewhere.id));
    expect((await get(`/customers/${elsewhere.id}`)).statusCode).toBe(404);
    expect((await get(`/customers?q=${elsewhere.email}`)).json().total).toBe(0);
  });

  it('needs a staff session', async () => {
    expect((await get('/customers', {})).statusCode).toBe(401);
    const asShopper = { authorization: `Bearer ${buyer.token}` };
    expect((await get('/customers', asShopper)).statusCode).toBe(401);
    expect((await get(`/customers/${buyer.id}`, asShopper)).statusCode).toBe(401);
  });
});
