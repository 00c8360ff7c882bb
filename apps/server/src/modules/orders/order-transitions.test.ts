import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { commandLineActor } from '../activity/activity.service';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  testJwtSecret,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { signOperatorToken } from '../../lib/operator-token';
import { transitionOrder } from './order-transitions.service';
import { orderStatusOf, pay, placePaidOrder, validFields } from '../../test/pay-order';

let t: TestApp;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const paidOrder = () => placePaidOrder(t.app, shopper.token);

describe('operator transitions', () => {
  it('ships with a tracking number the shopper sees, then delivers', async () => {
    const id = await paidOrder();
    await expect(transitionOrder(t.db, id, 'ship')).rejects.toThrow(
      'Shipping needs a tracking number',
    );
    expect(
      await transitionOrder(t.db, id.toLowerCase(), 'ship', { trackingNumber: 'DTDC12345' }),
    ).toEqual({ id, from: 1, to: 2, trackingNumber: 'DTDC12345', carrier: null });
    const seen = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${id}`,
        headers: authHeader(shopper.token),
      })
    ).json();
    expect(seen.trackingNumber).toBe('DTDC12345');
    await expect(transitionOrder(t.db, id, 'cancel')).rejects.toThrow(
      'Cannot cancel an order that is Shipped',
    );
    expect((await transitionOrder(t.db, id, 'deliver')).to).toBe(3);
    await expect(transitionOrder(t.db, id, 'deliver')).rejects.toThrow(
      'Cannot deliver an order that is Delivered',
    );
  });
  it('refuses to ship or deliver a Pending order, and cancels it; a cancelled order cannot be paid', async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    await expect(transitionOrder(t.db, id, 'ship', { trackingNumber: 'X1' })).rejects.toThrow(
      'Cannot ship an order that is Pending',
    );
    await expect(transitionOrder(t.db, id, 'deliver')).rejects.toThrow(
      'Cannot deliver an order that is Pending',
    );
    expect((await transitionOrder(t.db, id, 'cancel')).to).toBe(4);
    const res = await pay(t.app, shopper.token, id, validFields('upi_qr'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This order was cancelled and cannot be paid');
    expect(await orderStatusOf(t.app, shopper.token, id)).toBe(4);
  });
  it('cancels a Processing order', async () => {
    const id = await paidOrder();
    expect((await transitionOrder(t.db, id, 'cancel')).to).toBe(4);
  });
  it('reports unknown orders and bad ids', async () => {
    await expect(transitionOrder(t.db, 'ZZZZZZZZZZ', 'cancel')).rejects.toThrow(
      'Order ZZZZZZZZZZ not found',
    );
    await expect(transitionOrder(t.db, 'nope!', 'cancel')).rejects.toThrow('Not an order id');
  });
});

describe('operator endpoint (the CLI while a server holds the embedded database)', () => {
  it('applies a transition with an operator token and refuses shopper tokens', async () => {
    const { id } = await placeTestOrder(t.app, shopper.token);
    const url = `/api/v1/operator/orders/${id}/cancel`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: authHeader(shopper.token), payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const token = await signOperatorToken(testJwtSecret);
    const ok = await t.app.inject({ method: 'POST', url, headers: authHeader(token), payload: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, from: 0, to: 4 });
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: authHeader(token),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'Cannot cancel an order that is Cancelled (only from Pending or Processing)',
    );
  });
});

describe('transition options (carrier, store, actor)', () => {
  it('ships with a carrier through the operator endpoint and logs it as the command line', async () => {
    const id = await paidOrder();
    const token = await signOperatorToken(testJwtSecret);
    const url = `/api/v1/operator/orders/${id}/ship`;
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: authHeader(token),
      payload: { carrier: 'India Post', trackingNumber: 'EE123456784IN' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.trackingNumber).toMatch(/check digit/);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: authHeader(token),
      payload: { carrier: 'Delhivery', trackingNumber: '1234 5678 9012' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      to: 2,
      carrier: 'Delhivery',
      trackingNumber: '123456789012',
    });
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(entry).toMatchObject({
      actor: 'command line',
      staffId: null,
      storeId: DEFAULT_STORE_ID,
      action: 'order.ship',
      summary: 'Marked shipped with Delhivery 123456789012',
    });
  });

  it('finds no order of another store, and writes nothing without an actor', async () => {
    const id = await paidOrder();
    await expect(transitionOrder(t.db, id, 'cancel', { storeId: 'elsewhere' })).rejects.toThrow(
      `Order ${id} not found`,
    );
    await expect(
      transitionOrder(t.db, id, 'cancel', { actor: commandLineActor('elsewhere') }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect((await transitionOrder(t.db, id, 'cancel', { storeId: DEFAULT_STORE_ID })).to).toBe(4);
    expect(await t.db.select().from(activityLog).where(eq(activityLog.entityId, id))).toEqual([]);
  });
});
