import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderStatus } from '@store/contracts/order-rules';
import { activityLog, emailOutbox, invoices, orders, payments, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import {
  decideInSandbox,
  orderStatusOf,
  pay,
  placePaidOrder,
  validFields,
} from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  plainProducts,
  testShippingAddress,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { expireUnpaidOrders, transitionOrder } from '../orders/order-transitions.service';
import { getDashboard } from '../reports/dashboard.service';
import { setStock, stockOf } from '../../test/stock';

let t: TestApp;
let shopper: TestUser;
let clerk: SignedInStaff;
let mailerWoken = 0;
const storeId = DEFAULT_STORE_ID;

beforeAll(async () => {
  t = await createTestApp({ onEmailQueued: () => mailerWoken++ });
  shopper = await registerAndLogin(t.app);
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

/** Each test starts from the schema's defaults: on, ₹5,000, all of India. */
async function setCod(change: Partial<typeof stores.$inferInsert>) {
  await t.db.update(stores).set(change).where(eq(stores.id, storeId));
  t.app.reloadStores();
}
afterEach(() => setCod({ codEnabled: true, codMaxPaise: 500000, codPinPrefixes: null }));

const codPaymentsOf = (orderId: string) =>
  t.db.select().from(payments).where(eq(payments.orderId, orderId));
const orderRow = async (orderId: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const payCod = (orderId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: { ...authHeader(shopper.token), ...headers },
    payload: { orderId, fields: validFields('cod') },
  });
const collect = (orderId: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/cod-collection`,
    headers: clerk.headers,
    payload,
  });

/** A COD order the shopper placed: Processing, to collect. */
async function codOrder() {
  const order = await placeTestOrder(t.app, shopper.token);
  const res = await payCod(order.id);
  expect(res.statusCode).toBe(200);
  return order;
}

describe('cash on delivery on the payment form', () => {
  it('is offered with its label while the store has it on, and not when off', async () => {
    const methodOptions = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' });
      return res.json().find((f: { name: string }) => f.name === 'method').options;
    };
    expect(await methodOptions()).toContainEqual({
      value: 'cod',
      label: 'Cash on delivery (pay when your order arrives)',
    });
    await setCod({ codEnabled: false });
    expect((await methodOptions()).map((o: { value: string }) => o.value)).not.toContain('cod');
  });
});

describe('POST /payments with method cod', () => {
  it('moves the order to Processing, to collect, with one pending payment for the total; the answer has neither redirectUrl nor action', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const res = await payCod(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(orderStatus.processing);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: authHeader(shopper.token),
    });
    expect(mine.json()).toMatchObject({ codStatus: 'to_collect', paymentStatus: 'unpaid' });
    const rows = await codPaymentsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'cod',
      method: 'cod',
      status: 'pending',
      amountPaise: Math.round(order.total * 100),
    });
  });

  it('refuses an order over the store’s COD limit, on the method field, and leaves it Pending', async () => {
    await setCod({ codMaxPaise: 10000 });
    const order = await placeTestOrder(t.app, shopper.token);
    expect(order.total).toBeGreaterThan(100);
    const res = await payCod(order.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Cash on delivery is available for orders up to ₹100',
      code: 'cod_refused',
      fields: { method: 'Cash on delivery is available for orders up to ₹100' },
    });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(orderStatus.pending);
    expect(await codPaymentsOf(order.id)).toHaveLength(0);

    // at exactly the limit it is taken
    await setCod({ codMaxPaise: Math.round(order.total * 100) });
    expect((await payCod(order.id)).statusCode).toBe(200);
  });

  it('chosen at checkout, over the limit or to a PIN it does not serve, is refused before the order exists: no order, no stock taken', async () => {
    const [product] = await plainProducts(t.app, 1);
    await setStock(t.db, product!.id, 7);
    const ordersBefore = (await t.db.select({ id: orders.id }).from(orders)).length;
    const placeCod = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: authHeader(shopper.token),
        payload: {
          products: { [product!.id]: 1 },
          shippingAddress: testShippingAddress,
          paymentMethod: 'cod',
        },
      });

    await setCod({ codMaxPaise: 100 });
    const over = await placeCod();
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      error: 'Cash on delivery is available for orders up to ₹1',
      code: 'cod_refused',
      fields: { paymentMethod: 'Cash on delivery is available for orders up to ₹1' },
    });
    await setCod({ codMaxPaise: 500000, codPinPrefixes: ['11'] });
    const pin = await placeCod();
    expect(pin.statusCode).toBe(400);
    expect(pin.json().fields).toEqual({
      paymentMethod: 'Cash on delivery is not available for PIN 560038',
    });
    // nothing was written and nothing held
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect(await stockOf(t.db, product!.id)).toBe(7);

    // within the rules the same order is placed (Pending: the shopper confirms on the payment page)
    await setCod({ codPinPrefixes: null });
    const placed = await placeCod();
    expect(placed.statusCode).toBe(201);
    expect(placed.json().status).toBe(orderStatus.pending);
    expect(await stockOf(t.db, product!.id)).toBe(6);
  });

  it('refuses a PIN outside the allowed prefixes and takes one inside', async () => {
    await setCod({ codPinPrefixes: ['11', '400'] });
    const order = await placeTestOrder(t.app, shopper.token); // ships to 560038
    const res = await payCod(order.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      method: 'Cash on delivery is not available for PIN 560038',
    });
    await setCod({ codPinPrefixes: ['11', '5600'] });
    expect((await payCod(order.id)).statusCode).toBe(200);
  });

  it('refuses cash on delivery while the store has it off', async () => {
    await setCod({ codEnabled: false });
    const order = await placeTestOrder(t.app, shopper.token);
    const res = await payCod(order.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.method).toBeTruthy();
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(orderStatus.pending);
  });

  it('is refused for an order already paid (409)', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    const res = await payCod(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This order has already been paid');
  });

  it('a retry never writes a second payment: the same key replays, a new cash-on-delivery submit is 409', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const key = `cod-${order.id}`;
    const first = await payCod(order.id, { 'idempotency-key': key });
    const replay = await payCod(order.id, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ success: true });
    const again = await payCod(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This order is already confirmed for cash on delivery');
    expect(await codPaymentsOf(order.id)).toHaveLength(1);
    // paying online instead (Pay now by UPI, docs/decisions/cod-checks.md) starts an attempt of
    // its own and leaves the cash-on-delivery one as it was until the money arrives
    expect((await pay(t.app, shopper.token, order.id, validFields('gateway'))).statusCode).toBe(
      200,
    );
    const attempts = await codPaymentsOf(order.id);
    expect(attempts.map((p) => [p.provider, p.status]).sort()).toEqual([
      ['cod', 'pending'],
      ['sandbox', 'pending'],
    ]);
  });

  it('is not cancelled by the unpaid-order expiry', async () => {
    const order = await codOrder();
    const later = new Date(Date.now() + 7 * 24 * 3600_000);
    await expireUnpaidOrders(t.db, { olderThanMs: 60_000, now: later });
    expect((await orderRow(order.id)).status).toBe(orderStatus.processing);
  });

  it('is refused (409) while the bank is still confirming an online attempt: the shopper would pay twice', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const started = await pay(t.app, shopper.token, order.id, validFields('gateway'));
    const { paymentId } = started.json().action.formParams.data;
    await t.db
      .update(payments)
      .set({ providerStatus: 'pending' })
      .where(eq(payments.id, paymentId));
    const res = await payCod(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/being confirmed by the bank/);
    expect((await orderRow(order.id)).status).toBe(orderStatus.pending);
    expect((await codPaymentsOf(order.id)).map((p) => p.provider)).toEqual(['sandbox']);
  });

  it('an online attempt started before choosing COD and paid after it settles the order: nothing left to collect, no refund owed', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const started = await pay(t.app, shopper.token, order.id, validFields('gateway'));
    const { paymentId, token: approval } = started.json().action.formParams.data;
    expect((await payCod(order.id)).statusCode).toBe(200);
    expect((await decideInSandbox(t.app, paymentId, 'approve', approval)).statusCode).toBeLessThan(
      400,
    );

    const row = await orderRow(order.id);
    expect(row.status).toBe(orderStatus.processing);
    expect(row.codStatus).toBeNull();
    const rows = await codPaymentsOf(order.id);
    expect(rows.find((p) => p.id === paymentId)).toMatchObject({
      status: 'succeeded',
      needsRefund: false,
    });
    expect(rows.find((p) => p.provider === 'cod')).toMatchObject({ status: 'expired' });
    // paid: the invoice and the 'payment received' e-mail, and no cash to record at the door
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(
      1,
    );
    const mail = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order:${order.id}:paid`));
    expect(mail).toHaveLength(1);
    await transitionOrder(t.db, order.id, 'ship', { trackingNumber: 'ONLINE123' });
    const cash = await collect(order.id);
    expect(cash.statusCode).toBe(409);
    expect(cash.json().error).toBe('This order is not a cash-on-delivery order');
  });

  it('money paid online for a COD order whose cash was already recorded is kept and owed back', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const started = await pay(t.app, shopper.token, order.id, validFields('gateway'));
    const { paymentId, token: approval } = started.json().action.formParams.data;
    expect((await payCod(order.id)).statusCode).toBe(200);
    await transitionOrder(t.db, order.id, 'ship', { trackingNumber: 'TWICE123' });
    expect((await collect(order.id)).statusCode).toBe(200);
    await decideInSandbox(t.app, paymentId, 'approve', approval);
    expect((await orderRow(order.id)).codStatus).toBe('collected');
    expect((await codPaymentsOf(order.id)).find((p) => p.id === paymentId)).toMatchObject({
      status: 'succeeded',
      needsRefund: true,
    });
  });
});

describe('POST /admin/orders/:id/cod-collection', () => {
  it('is refused until the order is shipped, and for an order paid online', async () => {
    const order = await codOrder();
    const early = await collect(order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/Shipped or Delivered; this one is Processing/);

    const paidId = await placePaidOrder(t.app, shopper.token);
    await transitionOrder(t.db, paidId, 'ship', { trackingNumber: 'PAID123' });
    const online = await collect(paidId);
    expect(online.statusCode).toBe(409);
    expect(online.json().error).toBe('This order is not a cash-on-delivery order');
  });

  it('records the cash of a shipped order: payment succeeded, collected, Delivered, logged; a repeat is 409', async () => {
    const order = await codOrder();
    await transitionOrder(t.db, order.id, 'ship', { trackingNumber: 'COD123' });
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order.id}`,
      headers: clerk.headers,
    });
    expect(before.json()).toMatchObject({ codStatus: 'to_collect', payment: 'unpaid' });
    expect(before.json().actions).toContain('record_cod_collection');

    const woken = mailerWoken;
    const res = await collect(order.id, { reference: 'DLV-REMIT-77', note: 'Courier paid in' });
    expect(res.statusCode).toBe(200);
    // the held-back 'payment received' e-mail is sent now, not at the job's next minute
    expect(mailerWoken).toBeGreaterThan(woken);
    expect(res.json()).toMatchObject({
      status: orderStatus.delivered,
      codStatus: 'collected',
      payment: 'paid',
    });
    expect(res.json().actions).not.toContain('record_cod_collection');
    const rows = await codPaymentsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'succeeded',
      amountPaise: Math.round(order.total * 100),
    });
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, order.id));
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['order.cod_collected', 'order.deliver']),
    );
    const entry = log.find((e) => e.action === 'order.cod_collected')!;
    expect(entry).toMatchObject({ actor: clerk.email });
    expect(entry.summary).toContain('DLV-REMIT-77');

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: authHeader(shopper.token),
    });
    expect(mine.json()).toMatchObject({ codStatus: 'collected', paymentStatus: 'paid' });

    const repeat = await collect(order.id);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe('The cash for this order is already recorded');
    expect(await codPaymentsOf(order.id)).toHaveLength(1);

    // the shopper hears "payment received" once the cash is in: placed, shipped, paid, delivered
    const mail = await t.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.data, { orderId: order.id }));
    expect(mail.map((m) => m.key).sort()).toEqual(
      ['delivered', 'paid', 'placed', 'shipped'].map((e) => `order:${order.id}:${e}`),
    );
  });

  it('records the cash of an order already marked Delivered, which stays Delivered', async () => {
    const order = await codOrder();
    await transitionOrder(t.db, order.id, 'ship', { trackingNumber: 'COD456' });
    await transitionOrder(t.db, order.id, 'deliver');
    const res = await collect(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: orderStatus.delivered, codStatus: 'collected' });
  });

  it('an operator cancel ends the COD attempt: nothing is left to collect', async () => {
    const order = await codOrder();
    await transitionOrder(t.db, order.id, 'cancel');
    expect((await orderRow(order.id)).codStatus).toBeNull();
    expect((await codPaymentsOf(order.id))[0]!.status).toBe('expired');
    expect((await collect(order.id)).statusCode).toBe(409);
  });

  it('the orders list filters the COD orders still to collect', async () => {
    const order = await codOrder();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?cod=to_collect&limit=100',
      headers: clerk.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; codStatus: string }[];
    expect(rows.map((r) => r.id)).toContain(order.id);
    expect(rows.every((r) => r.codStatus === 'to_collect')).toBe(true);
  });
});

describe('the dashboard', () => {
  it('counts a COD order as revenue once its cash is collected, not before', async () => {
    const sales = async () => (await getDashboard(t.db, storeId)).today.revenuePaise;
    const start = await sales();
    const order = await codOrder();
    expect(await sales()).toBe(start);
    await transitionOrder(t.db, order.id, 'ship', { trackingNumber: 'COD789' });
    expect((await collect(order.id)).statusCode).toBe(200);
    expect(await sales()).toBe(start + Math.round(order.total * 100));
  });
});
