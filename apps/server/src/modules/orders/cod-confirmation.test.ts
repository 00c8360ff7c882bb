import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderStatus } from '@store/contracts/order-rules';
import { activityLog, emailOutbox, payments } from '../../db/schema';
import { fairStockShop } from '../../test/fair-stock';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { stockOf } from '../../test/stock';
import { authHeader, createTestApp, plainProducts, type TestApp } from '../../test/test-app';
import { expireUnconfirmedCodOrders } from './cod-confirmation.service';

// Fair stock for cash on delivery: staff confirm it, or it expires; and who holds what.
const HOUR = 3_600_000;
let t: TestApp;
let clerk: SignedInStaff;
let products: { id: string; title: string }[];
const { reset, aShopper, placeOrder, codOrder, confirmCod, ordersOf, orderRow } = fairStockShop(
  () => t,
  () => clerk.headers,
);

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  products = await plainProducts(t.app, 4);
});
afterAll(() => t.close());
beforeEach(() => reset(products.map((p) => p.id)));

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
    expect(again.json()).toEqual({ error: 'This order is already confirmed', code: 'conflict' });
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
    expect(res.json()).toEqual({
      error: 'This order is not a cash-on-delivery order',
      code: 'conflict',
    });
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
