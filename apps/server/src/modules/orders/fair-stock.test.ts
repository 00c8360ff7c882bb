import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_COD_CONFIRM_HOURS,
  DEFAULT_MAX_HELD_UNITS,
  DEFAULT_MAX_OPEN_ORDERS,
  fairStockMessages,
} from '@store/contracts/fair-stock';
import { orderStatus } from '@store/contracts/order-rules';
import { activityLog, emailOutbox, orders, payments, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { validFields } from '../../test/pay-order';
import { insertShoppers, type Shopper } from '../../test/shoppers';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock, stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';
import { expireUnconfirmedCodOrders } from './cod-confirmation.service';

let t: TestApp;
let clerk: SignedInStaff;
let products: { id: string; title: string }[];
const storeId = DEFAULT_STORE_ID;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  products = await plainProducts(t.app, 4);
});
afterAll(() => t.close());

/** Each test starts from the caps a new store gets, and 300 units of each product used. */
beforeEach(async () => {
  await t.db
    .update(stores)
    .set({
      maxOpenOrders: DEFAULT_MAX_OPEN_ORDERS,
      maxHeldUnits: DEFAULT_MAX_HELD_UNITS,
      codConfirmHours: DEFAULT_COD_CONFIRM_HOURS,
    })
    .where(eq(stores.id, storeId));
  for (const p of products) await setStock(t.db, p.id, 300);
});

const aShopper = async (): Promise<Shopper> => (await insertShoppers(t.app, t.db, 1))[0]!;

/** Like the storefront, one Idempotency-Key per attempt (its row references the shopper's). */
const placeOrder = (shopper: Shopper, productId: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...authHeader(shopper.token), 'idempotency-key': randomUUID() },
    payload: { products: { [productId]: quantity }, shippingAddress: testShippingAddress },
  });

const chooseCod = (shopper: Shopper, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: authHeader(shopper.token),
    payload: { orderId, fields: validFields('cod') },
  });

/** An order of `quantity` units (₹ well under the COD limit) that the shopper chose to pay in cash. */
async function codOrder(shopper: Shopper, productId: string, quantity: number) {
  const placed = await placeOrder(shopper, productId, quantity);
  if (placed.statusCode !== 201) return placed;
  const cod = await chooseCod(shopper, placed.json().id);
  expect(cod.statusCode).toBe(200);
  return placed;
}

const confirmCod = (orderId: string, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/cod-confirmation`,
    headers,
    payload: {},
  });

const ordersOf = (shopper: Shopper) =>
  t.db.select().from(orders).where(eq(orders.userId, shopper.id));
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('a new store', () => {
  it('gets the documented caps and COD window', async () => {
    // a store row inserted without them takes the migration's defaults
    await t.db.insert(stores).values({
      id: 'fair-stock-defaults',
      storeName: 'Another shop',
      companyName: 'Another shop',
      companyAddress: 'Kolkata',
      companyEmail: 'shop@example.in',
      companyPhone: '+91 98300 00000',
    });
    const [row] = await t.db.select().from(stores).where(eq(stores.id, 'fair-stock-defaults'));
    expect(row).toMatchObject({
      maxOpenOrders: DEFAULT_MAX_OPEN_ORDERS,
      maxHeldUnits: DEFAULT_MAX_HELD_UNITS,
      codConfirmHours: DEFAULT_COD_CONFIRM_HOURS,
    });
    expect([DEFAULT_MAX_OPEN_ORDERS, DEFAULT_MAX_HELD_UNITS, DEFAULT_COD_CONFIRM_HOURS]).toEqual([
      3, 20, 48,
    ]);
  });
});

describe('the cap on units of one product held without money', () => {
  it('25 cash-on-delivery orders of 12 units: the second is refused, 288 of 300 units stay on sale', async () => {
    const shopper = await aShopper();
    const [notebook] = products;
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await codOrder(shopper, notebook!.id, 12));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(24);
    expect(new Set(refused.map((a) => a.statusCode))).toEqual(new Set([409]));
    const message = fairStockMessages.heldUnits(notebook!.title, 20, 12);
    expect(refused[0]!.json()).toEqual({
      error: message,
      fields: { [`products.${notebook!.id}`]: message },
    });
    expect(message).toContain('at most 20 of');
    expect(message).toContain('order at most 8');
    expect(await stockOf(t.db, notebook!.id)).toBe(288);
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it('99 units in one unpaid order is refused before any stock is taken or any order written', async () => {
    const shopper = await aShopper();
    const [pen] = products;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await placeOrder(shopper, pen!.id, 99));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(409));
    expect(answers[0]!.json().error).toBe(
      `You can reserve at most 20 of “${pen!.title}” at a time. Order at most 20, or contact the shop for a larger order.`,
    );
    expect(await stockOf(t.db, pen!.id)).toBe(300);
    expect(await ordersOf(shopper)).toHaveLength(0);
  });

  it("counts all the shopper's open orders of the product together, and another shopper's not at all", async () => {
    const [a, b] = [await aShopper(), await aShopper()];
    const [ruler] = products;
    expect((await placeOrder(a, ruler!.id, 15)).statusCode).toBe(201);
    expect((await placeOrder(b, ruler!.id, 20)).statusCode).toBe(201);
    expect((await placeOrder(a, ruler!.id, 5)).statusCode).toBe(201);
    expect((await placeOrder(a, ruler!.id, 1)).statusCode).toBe(409);
  });
});

describe('the cap on open orders without money', () => {
  it('30 unpaid orders: the first 3 are placed, the rest refused with what to do', async () => {
    const shopper = await aShopper();
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(await placeOrder(shopper, products[i % products.length]!.id, 1));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.slice(3).map((a) => a.statusCode)).toEqual(Array(27).fill(409));
    expect(answers[3]!.json()).toEqual({
      error:
        'You already have 3 orders waiting for payment or for the shop to confirm. Pay for one of them in My Orders, or wait until the shop confirms it, before placing another.',
    });
    expect(await ordersOf(shopper)).toHaveLength(3);
  });

  it('counts cash-on-delivery orders staff have not confirmed, and frees the place once confirmed', async () => {
    const shopper = await aShopper();
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await codOrder(shopper, products[i]!.id, 1)).json());
    const fourth = await placeOrder(shopper, products[3]!.id, 1);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe(fairStockMessages.openOrders(3));

    const confirm = await confirmCod(placed[0].id);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().codConfirmedAt).toEqual(expect.any(String));
    expect(confirm.json().actions).not.toContain('confirm_cod');
    expect((await placeOrder(shopper, products[3]!.id, 1)).statusCode).toBe(201);
  });

  it('follows the owner’s settings', async () => {
    const owner = await signInStaff(t.app, t.db, 'owner');
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: owner.headers })
    ).json().settings;
    expect(settings).toMatchObject({ maxOpenOrders: 3, maxHeldUnits: 20, codConfirmHours: 48 });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
      payload: { ...settings, maxOpenOrders: 1, maxHeldUnits: 50, codConfirmHours: 24 },
    });
    expect(saved.statusCode).toBe(200);
    const shopper = await aShopper();
    expect((await placeOrder(shopper, products[0]!.id, 50)).statusCode).toBe(201);
    const second = await placeOrder(shopper, products[1]!.id, 1);
    expect(second.json().error).toBe(
      'You already have 1 order waiting for payment or for the shop to confirm. Pay for one of them in My Orders, or wait until the shop confirms it, before placing another.',
    );
    const zero = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
      payload: { ...settings, maxOpenOrders: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty('maxOpenOrders');
  });
});

describe('concurrent placements', () => {
  it('cannot slip past the open-order cap', async () => {
    const shopper = await aShopper();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        placeOrder(shopper, products[i % products.length]!.id, 1),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    expect(await ordersOf(shopper)).toHaveLength(3);
  });

  it('cannot slip past the units cap', async () => {
    await t.db.update(stores).set({ maxOpenOrders: 10 }).where(eq(stores.id, storeId));
    const shopper = await aShopper();
    const [glue] = products;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(shopper, glue!.id, 8)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(await stockOf(t.db, glue!.id)).toBe(300 - 16);
  });
});

describe('cash on delivery staff have not confirmed', () => {
  const later = (hours: number) => new Date(Date.now() + hours * HOUR);

  it('expires after the store’s window: cancelled, stock back, attempt expired, e-mail queued', async () => {
    const shopper = await aShopper();
    // a product no other test holds in an unconfirmed COD order (their expiry returns stock too)
    const tape = products[3];
    const order = (await codOrder(shopper, tape!.id, 10)).json();
    expect(await stockOf(t.db, tape!.id)).toBe(290);

    await expireUnconfirmedCodOrders(t.db, { now: later(47) });
    expect((await orderRow(order.id)).status).toBe(orderStatus.processing);

    const done = await expireUnconfirmedCodOrders(t.db, { now: later(49) });
    expect(done).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: orderStatus.cancelled,
      cancelReason: 'cod_unconfirmed',
      codStatus: null,
    });
    expect(await stockOf(t.db, tape!.id)).toBe(300);
    const attempts = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(attempts.map((p) => [p.provider, p.status])).toEqual([['cod', 'expired']]);
    const mail = await t.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order:${order.id}:cancelled`));
    expect(mail).toHaveLength(1);
    // the shopper's track page says why
    const track = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: authHeader(shopper.token),
    });
    expect(track.json()).toMatchObject({
      status: orderStatus.cancelled,
      cancelReason: 'cod_unconfirmed',
    });
  });

  it('a confirmed one, or a shipped one, does not expire; the confirmation is in the activity log', async () => {
    const shopper = await aShopper();
    const confirmed = (await codOrder(shopper, products[1]!.id, 2)).json();
    const shipped = (await codOrder(shopper, products[2]!.id, 2)).json();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${confirmed.id}`,
      headers: clerk.headers,
    });
    expect(page.json()).toMatchObject({ codConfirmedAt: null });
    expect(page.json().actions).toContain('confirm_cod');

    const confirm = await confirmCod(confirmed.id);
    expect(confirm.statusCode).toBe(200);
    const again = await confirmCod(confirmed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This order is already confirmed' });
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${shipped.id}/ship`,
      headers: clerk.headers,
      payload: { carrier: 'India Post', trackingNumber: 'EE123456785IN' },
    });
    expect(ship.statusCode).toBe(200);

    await expireUnconfirmedCodOrders(t.db, { now: later(24 * 30) });
    expect((await orderRow(confirmed.id)).status).toBe(orderStatus.processing);
    expect((await orderRow(shipped.id)).status).toBe(orderStatus.shipped);
    expect((await orderRow(shipped.id)).codConfirmedAt).not.toBeNull();
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.entityId, confirmed.id), eq(activityLog.action, 'order.cod_confirmed')),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actor).toBe(clerk.email);
  });

  it('refuses to confirm an order paid online, and an anonymous caller', async () => {
    const shopper = await aShopper();
    const online = (await placeOrder(shopper, products[0]!.id, 1)).json();
    const res = await confirmCod(online.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This order is not a cash-on-delivery order' });
    const anonymous = await confirmCod(online.id, {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /admin/held-stock', () => {
  it('lists the shopper, their open orders, the units of each product and when each hold lapses', async () => {
    const shopper = await aShopper();
    const unpaid = (await placeOrder(shopper, products[0]!.id, 5)).json();
    const cod = (await codOrder(shopper, products[0]!.id, 3)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/held-stock',
      headers: clerk.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ maxOpenOrders: 3, maxHeldUnits: 20 });
    const holder = body.holders.find((h: { userId: string }) => h.userId === shopper.id);
    expect(holder).toMatchObject({
      email: shopper.email,
      units: 8,
      products: [{ productId: products[0]!.id, title: products[0]!.title, units: 8 }],
    });
    const byId = Object.fromEntries(holder.orders.map((o: { id: string }) => [o.id, o] as const));
    const placedAt = (o: { createdAt: string }) => new Date(o.createdAt).getTime();
    expect(byId[unpaid.id].kind).toBe('unpaid');
    expect(new Date(byId[unpaid.id].lapsesAt).getTime() - placedAt(byId[unpaid.id])).toBe(
      30 * 60_000,
    );
    expect(byId[cod.id].kind).toBe('cod_unconfirmed');
    expect(new Date(byId[cod.id].lapsesAt).getTime() - placedAt(byId[cod.id])).toBe(48 * HOUR);
    expect(holder.nextLapseAt).toBe(byId[unpaid.id].lapsesAt);
  });

  it('is for staff only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/held-stock' });
    expect(res.statusCode).toBe(401);
  });

  it('no longer lists a cash-on-delivery order once staff confirm it', async () => {
    const shopper = await aShopper();
    const order = (await codOrder(shopper, products[1]!.id, 1)).json();
    await confirmCod(order.id);
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/held-stock', headers: clerk.headers })
    ).json();
    expect(body.holders.map((h: { userId: string }) => h.userId)).not.toContain(shopper.id);
    // the order is still there, confirmed: only the hold is gone
    expect(await ordersOf(shopper)).toHaveLength(1);
  });
});
