import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf } from '@store/contracts/gst';
import { orderStatus } from '@store/contracts/order-rules';
import { documentCounters, invoices, orders, payments } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { issueMissingInvoices } from './deferred-invoices.service';

let t: TestApp;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

async function placeAndPay(): Promise<string> {
  const [product] = await plainProducts(t.app, 1);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: { products: { [product!.id]: 1 }, shippingAddress: testShippingAddress },
  });
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().id as string;
  const started = await pay(t.app, shopper.token, orderId, validFields('gateway'));
  const { paymentId, token } = started.json().action.formParams.data;
  expect((await decideInSandbox(t.app, paymentId, 'approve', token)).statusCode).toBeLessThan(400);
  return orderId;
}

const invoiceOf = (orderId: string) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));

describe('an invoice that cannot be written', () => {
  it('never undoes the payment; the invoices job issues it once it can', async () => {
    // the counter cannot move past the largest integer: issuing the next invoice fails
    const key = {
      storeId: DEFAULT_STORE_ID,
      kind: 'invoice',
      financialYear: financialYearOf(new Date()),
    };
    await t.db
      .insert(documentCounters)
      .values({ ...key, lastSequence: 2_147_483_647 })
      .onConflictDoUpdate({
        target: [documentCounters.storeId, documentCounters.kind, documentCounters.financialYear],
        set: { lastSequence: 2_147_483_647 },
      });

    const orderId = await placeAndPay();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe(orderStatus.processing);
    const paid = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid.map((p) => p.status)).toEqual(['succeeded']);
    expect(await invoiceOf(orderId)).toEqual([]);
    await expect(issueMissingInvoices(t.db)).rejects.toThrow();

    // the counter is mended: the next run issues the missing invoice, and a later run adds none
    await t.db
      .update(documentCounters)
      .set({ lastSequence: 0 })
      .where(
        and(
          eq(documentCounters.storeId, key.storeId),
          eq(documentCounters.kind, key.kind),
          eq(documentCounters.financialYear, key.financialYear),
        ),
      );
    expect(await issueMissingInvoices(t.db)).toEqual({ issued: 1 });
    const [invoice] = await invoiceOf(orderId);
    expect(invoice?.totalPaise).toBe(order?.totalPaise);
    expect(await issueMissingInvoices(t.db)).toEqual({ issued: 0 });
  });
});
