import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderStatus } from '@store/contracts/order-rules';
import { activityLog, codCodes, messageOutbox, orders, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { fairStockShop } from '../../test/fair-stock';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import type { Shopper } from '../../test/shoppers';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { authHeader, createTestApp, plainProducts, type TestApp } from '../../test/test-app';
import { expireUnconfirmedCodOrders } from './cod-confirmation.service';

// Cash on delivery that checks first (docs/decisions/cod-checks.md): above the store's value, or
// to a phone or PIN whose parcels were refused, the order ships only once the shopper types the
// code sent to the phone (here read from the message outbox, as the demo outbox shows it).
let t: TestApp;
let clerk: SignedInStaff;
let products: { id: string; title: string }[];
const { reset, aShopper, codOrder, orderRow } = fairStockShop(
  () => t,
  () => clerk.headers,
);

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  products = await plainProducts(t.app, 2);
});
afterAll(() => t.close());
beforeEach(async () => {
  await reset(products.map((p) => p.id));
  // ₹1 and up needs the code unless a test says otherwise; no refused parcels
  await setCodeAbove(1);
  await t.db.update(orders).set({ cancelReason: null }).where(eq(orders.cancelReason, 'returned'));
});

const setCodeAbove = (rupees: number) =>
  t.db
    .update(stores)
    .set({ codCodeAbovePaise: rupees * 100 })
    .where(eq(stores.id, DEFAULT_STORE_ID));

/** The codes sent for an order, oldest first, as the messages carry them. */
async function codesSent(orderId: string): Promise<string[]> {
  const rows = await t.db
    .select({ key: messageOutbox.dedupeKey, data: messageOutbox.data })
    .from(messageOutbox)
    .where(like(messageOutbox.dedupeKey, `cod-code:${orderId}:%`))
    .orderBy(messageOutbox.dedupeKey);
  return rows.map((r) => String((r.data as { code?: unknown }).code));
}

const typeCode = (shopper: Shopper, orderId: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/cod-code`,
    headers: authHeader(shopper.token),
    payload: { code },
  });
const askAgain = (shopper: Shopper, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/cod-code/resend`,
    headers: authHeader(shopper.token),
  });
const ship = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/ship`,
    headers: clerk.headers,
    payload: { carrier: 'India Post', trackingNumber: 'EE123456785IN' },
  });
const ownOrder = async (shopper: Shopper, orderId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}`,
      headers: authHeader(shopper.token),
    })
  ).json();
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a cash-on-delivery order above the store’s value', () => {
  it('ships only after the shopper types the code sent to the phone', async () => {
    const shopper = await aShopper();
    const order = (await codOrder(shopper, products[0]!.id, 1)).json();
    const [code] = await codesSent(order.id);
    expect(code).toMatch(/^\d{6}$/);

    const view = await ownOrder(shopper, order.id);
    expect(view.codCode).toMatchObject({ phone: '+91 ••••••3210', confirmed: false, sendsLeft: 4 });
    // the code itself is never in the order's answer
    expect(JSON.stringify(view)).not.toContain(code);

    const refused = await ship(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('cod_code_needed');
    // the order page says why and offers no Ship, only Confirm order (after a call)
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${order.id}`,
        headers: clerk.headers,
      })
    ).json();
    expect(page.codCode).toMatchObject({ reasons: ['value'], confirmedAt: null, sends: 1 });
    expect(page.actions).not.toContain('ship');
    expect(page.actions).toContain('confirm_cod');

    const wrong = await typeCode(shopper, order.id, wrongOf(code!));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'That code is not right: 4 tries left',
      code: 'cod_code_wrong',
    });
    const right = await typeCode(shopper, order.id, code!);
    expect(right.statusCode).toBe(204);
    expect((await ownOrder(shopper, order.id)).codCode.confirmed).toBe(true);
    expect((await orderRow(order.id)).codConfirmedAt).not.toBeNull();
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.entityId, order.id), eq(activityLog.action, 'order.cod_confirmed')),
      );
    expect(logged.map((l) => l.actor)).toEqual(['shopper']);

    expect((await typeCode(shopper, order.id, code!)).statusCode).toBe(409);
    expect((await ship(order.id)).statusCode).toBe(200);
  });

  it('another shopper cannot type the code; a malformed code is a 400 with the field named', async () => {
    const shopper = await aShopper();
    const stranger = await aShopper();
    const order = (await codOrder(shopper, products[0]!.id, 1)).json();
    const [code] = await codesSent(order.id);
    expect((await typeCode(stranger, order.id, code!)).statusCode).toBe(404);
    const malformed = await typeCode(shopper, order.id, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toMatchObject({ code: 'Enter the 6-digit code' });
  });

  it('five wrong codes kill the code; a new one (not before a minute) works and the old does not', async () => {
    const shopper = await aShopper();
    const order = (await codOrder(shopper, products[0]!.id, 1)).json();
    const [first] = await codesSent(order.id);
    for (let i = 0; i < 5; i++) await typeCode(shopper, order.id, wrongOf(first!));
    const locked = await typeCode(shopper, order.id, first!);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('cod_code_expired');

    const tooSoon = await askAgain(shopper, order.id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toMatch(/^Wait \d+ seconds before asking for another code$/);
    await t.db
      .update(codCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(codCodes.orderId, order.id));
    const again = await askAgain(shopper, order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ phone: '+91 ••••••3210' });
    const [, second] = await codesSent(order.id);
    expect(second).toMatch(/^\d{6}$/);
    if (second !== first) expect((await typeCode(shopper, order.id, first!)).statusCode).toBe(400);
    expect((await typeCode(shopper, order.id, second!)).statusCode).toBe(204);
  });

  it('a lapsed code is refused (410); an order nobody confirms is cancelled with its stock back', async () => {
    const shopper = await aShopper();
    const order = (await codOrder(shopper, products[1]!.id, 2)).json();
    const [code] = await codesSent(order.id);
    await t.db
      .update(codCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(codCodes.orderId, order.id));
    const lapsed = await typeCode(shopper, order.id, code!);
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json().error).toBe('This code has expired: ask for a new code');

    await expireUnconfirmedCodOrders(t.db, { now: new Date(Date.now() + 49 * 3_600_000) });
    expect(await orderRow(order.id)).toMatchObject({
      status: orderStatus.cancelled,
      cancelReason: 'cod_unconfirmed',
    });
    expect((await typeCode(shopper, order.id, code!)).statusCode).toBe(409);
  });

  it('Pay now turns it into a prepaid order: nothing to collect, and it ships with no code', async () => {
    const shopper = await aShopper();
    const order = (await codOrder(shopper, products[0]!.id, 1)).json();
    const started = await pay(t.app, shopper.token, order.id, validFields('gateway'));
    expect(started.statusCode).toBe(200);
    const { paymentId, token } = started.json().action.formParams.data;
    await decideInSandbox(t.app, paymentId, 'approve', token);
    expect(await orderRow(order.id)).toMatchObject({
      status: orderStatus.processing,
      codStatus: null,
    });
    expect((await ownOrder(shopper, order.id)).paymentStatus).toBe('paid');
    expect((await ship(order.id)).statusCode).toBe(200);
    // cash on delivery again on a paid order is refused as before
    expect((await pay(t.app, shopper.token, order.id, validFields('cod'))).statusCode).toBe(409);
  });
});

describe('refused parcels', () => {
  it('a phone whose parcel was refused needs the code even below the value; a clean one does not', async () => {
    await setCodeAbove(0);
    const shopper = await aShopper();
    const clean = (await codOrder(shopper, products[0]!.id, 1)).json();
    expect(await codesSent(clean.id)).toEqual([]);
    expect((await ownOrder(shopper, clean.id)).codCode).toBeNull();

    // the clean order came back undelivered: the same phone's next order asks for the code
    expect((await ship(clean.id)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${clean.id}/return-undelivered`,
      headers: clerk.headers,
      payload: {},
    });
    expect(back.statusCode).toBe(200);
    const next = (await codOrder(shopper, products[0]!.id, 1)).json();
    expect(await codesSent(next.id)).toHaveLength(1);
    const [row] = await t.db.select().from(codCodes).where(eq(codCodes.orderId, next.id));
    expect(row!.reasons).toEqual(['phone']);
    expect((await ship(next.id)).statusCode).toBe(409);
    // staff may still confirm by hand after a call, and then ship
    const byHand = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${next.id}/cod-confirmation`,
      headers: clerk.headers,
      payload: {},
    });
    expect(byHand.statusCode).toBe(200);
    expect((await ship(next.id)).statusCode).toBe(200);
  });
});
