// Test helpers for fair stock (orders/fair-stock.test.ts, orders/cod-confirmation.test.ts): a
// store with the caps a new store gets, shoppers, and their orders as the storefront places them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  DEFAULT_COD_CONFIRM_HOURS,
  DEFAULT_MAX_HELD_UNITS,
  DEFAULT_MAX_OPEN_ORDERS,
} from '@store/contracts/fair-stock';
import { orders, stores } from '../db/schema';
import { DEFAULT_STORE_ID } from '../db/seed-data/store';
import { validFields } from './pay-order';
import { insertShoppers, type Shopper } from './shoppers';
import { setStock } from './stock';
import { authHeader, testShippingAddress, type TestApp } from './test-app';

/**
 * The helpers, bound to an app made later (in beforeAll): `app()` and `staffHeaders()` are read
 * when a helper runs.
 */
export function fairStockShop(app: () => TestApp, staffHeaders: () => Record<string, string>) {
  /** The caps a new store gets (test apps lift them), and 300 units of each product. */
  async function reset(productIds: string[]) {
    await app()
      .db.update(stores)
      .set({
        maxOpenOrders: DEFAULT_MAX_OPEN_ORDERS,
        maxHeldUnits: DEFAULT_MAX_HELD_UNITS,
        codConfirmHours: DEFAULT_COD_CONFIRM_HOURS,
      })
      .where(eq(stores.id, DEFAULT_STORE_ID));
    for (const id of productIds) await setStock(app().db, id, 300);
  }

  const aShopper = async (): Promise<Shopper> => (await insertShoppers(app().app, app().db, 1))[0]!;

  /** Like the storefront, one Idempotency-Key per attempt (its row references the shopper's). */
  const placeOrder = (shopper: Shopper, productId: string, quantity: number) =>
    app().app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...authHeader(shopper.token), 'idempotency-key': randomUUID() },
      payload: { products: { [productId]: quantity }, shippingAddress: testShippingAddress },
    });

  const chooseCod = (shopper: Shopper, orderId: string) =>
    app().app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: authHeader(shopper.token),
      payload: { orderId, fields: validFields('cod') },
    });

  /** An order of `quantity` units that the shopper chose to pay in cash (or the refusal). */
  async function codOrder(shopper: Shopper, productId: string, quantity: number) {
    const placed = await placeOrder(shopper, productId, quantity);
    if (placed.statusCode !== 201) return placed;
    const cod = await chooseCod(shopper, placed.json().id);
    expect(cod.statusCode).toBe(200);
    return placed;
  }

  const confirmCod = (orderId: string, headers: Record<string, string> = staffHeaders()) =>
    app().app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/cod-confirmation`,
      headers,
      payload: {},
    });

  const ordersOf = (shopper: Shopper) =>
    app().db.select().from(orders).where(eq(orders.userId, shopper.id));
  const orderRow = async (id: string) =>
    (await app().db.select().from(orders).where(eq(orders.id, id)))[0]!;

  return { reset, aShopper, placeOrder, chooseCod, codOrder, confirmCod, ordersOf, orderRow };
}
