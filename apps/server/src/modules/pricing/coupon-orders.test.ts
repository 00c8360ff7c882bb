import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitLineTax } from '@store/contracts/gst';
import type { Order } from '@store/contracts/orders';
import { discountUses, invoices, orderItems, orders, payments, products } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import { insertShoppers, type Shopper } from '../../test/shoppers';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock, stockOf } from '../../test/stock';
import { authHeader, createTestApp, type TestApp } from '../../test/test-app';
import type { DocumentSnapshot } from '../invoices/document-snapshot';
import { renderOutboxEmail } from '../mail/render-email';
import { expireUnpaidOrders } from '../orders/order-transitions.service';
import { createDiscount, uniqueCode } from './test-discounts';

let t: TestApp;
let owner: SignedInStaff;
let pen: { id: string; pricePaise: number };
let diary: { id: string; pricePaise: number };

/** Two products that carry 18% GST, with known prices, and plenty of stock. */
async function taxedProduct(title: string, pricePaise: number) {
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.gstRateBp, 1800), eq(products.active, true)))
    .orderBy(products.title)
    .offset(title === 'pen' ? 0 : 1)
    .limit(1);
  await t.db
    .update(products)
    .set({ regularPricePaise: pricePaise, discountedPricePaise: null })
    .where(eq(products.id, row!.id));
  await t.db.execute(sql`delete from product_attributes where product_id = ${row!.id}`);
  await setStock(t.db, row!.id, 10_000);
  return { id: row!.id, pricePaise };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  pen = await taxedProduct('pen', 33_333);
  diary = await taxedProduct('diary', 66_667);
});
afterAll(() => t.close());

const westBengal = {
  fullName: 'Asha Verma',
  address: '22 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  phone: '+91 98765 43210',
};

const shopperOf = async () => (await insertShoppers(t.app, t.db, 1))[0]!;

function placeOrder(
  shopper: Shopper,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  items: Record<string, number> = { [pen.id]: 1, [diary.id]: 2 },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...authHeader(shopper.token), ...headers },
    payload: { products: items, shippingAddress: westBengal, ...extra },
  });
}

const usesOf = async (discountId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(discountUses)
      .where(eq(discountUses.discountId, discountId))
  )[0]!.n;

async function payOrder(shopper: Shopper, orderId: string) {
  const body = (await pay(t.app, shopper.token, orderId, validFields('gateway'))).json();
  const { paymentId, token } = body.action.formParams.data;
  expect((await decideInSandbox(t.app, paymentId, 'approve', token)).statusCode).toBeLessThan(400);
}

const invoiceOf = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
  )[0]!;

describe('an order with a Coupon code', () => {
  it('stores the discount per line to the paisa, GST on what is left, and the quote’s total', async () => {
    const code = uniqueCode('SAVE');
    const discount = await createDiscount(t.app, owner.headers, { code, value: 10 });
    const shopper = await shopperOf();
    const quoted = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/quote',
        payload: {
          lines: [
            { productId: pen.id, quantity: 1 },
            { productId: diary.id, quantity: 2 },
          ],
          couponCode: code.toLowerCase(),
        },
      })
    ).json();

    const res = await placeOrder(shopper, { couponCode: code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    // 333.33 + 2 × 666.67 = 1,666.67; 10% = 166.67 (rounded half up)
    expect(order).toMatchObject({
      subtotal: 1666.67,
      discount: 166.67,
      delivery: 0,
      total: 1500,
      couponCode: code,
      offers: [{ code, description: '10% off', kind: 'percentage', amount: 166.67 }],
    });
    expect(order.total).toBe(quoted.total);
    expect(order.items.map((i) => i.discount)).toEqual([33.33, 133.34]);

    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const byProduct = new Map(items.map((i) => [i.productId, i]));
    const penLine = byProduct.get(pen.id)!;
    expect(penLine.discountPaise).toBe(3_333);
    // in West Bengal: CGST + SGST on 333.33 − 33.33 = 300.00
    expect(penLine).toMatchObject(splitLineTax(30_000, 1800, true));
    expect(
      items.reduce((s, i) => s + i.taxablePaise! + i.cgstPaise! + i.sgstPaise! + i.igstPaise!, 0),
    ).toBe(150_000);
    expect(await usesOf(discount.id)).toBe(1);
  });

  it('refuses a code that does not apply (409 coupon_refused, on the field) and stores nothing', async () => {
    const code = uniqueCode('MIN');
    await createDiscount(t.app, owner.headers, { code, minOrder: 5000 });
    const shopper = await shopperOf();
    const before = await stockOf(t.db, pen.id);
    const res = await placeOrder(shopper, { couponCode: code });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'This code needs an order of ₹5,000 or more',
      code: 'coupon_refused',
      fields: {
        couponCode: 'This code needs an order of ₹5,000 or more',
        'couponCode.reason': 'min_order',
      },
    });
    expect(await stockOf(t.db, pen.id)).toBe(before);
    const [mine] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, shopper.id));
    expect(mine!.n).toBe(0);
  });

  it('counts one use for an order retried with its Idempotency-Key', async () => {
    const code = uniqueCode('ONCE');
    const discount = await createDiscount(t.app, owner.headers, { code, usageLimit: 5 });
    const shopper = await shopperOf();
    const first = await placeOrder(shopper, { couponCode: code }, { 'idempotency-key': 'k-1' });
    const retry = await placeOrder(shopper, { couponCode: code }, { 'idempotency-key': 'k-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await usesOf(discount.id)).toBe(1);
  });

  it('gives its use back when the order expires unpaid, so a one-use code is not burnt', async () => {
    const code = uniqueCode('SOLO');
    await createDiscount(t.app, owner.headers, { code, usageLimit: 1 });
    const [a, b] = await insertShoppers(t.app, t.db, 2);
    const placed = await placeOrder(a!, { couponCode: code });
    expect(placed.statusCode).toBe(201);
    const refused = await placeOrder(b!, { couponCode: code });
    expect(refused.json()).toMatchObject({
      code: 'coupon_refused',
      error: 'This code has been used up',
    });

    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, placed.json().id));
    await expireUnpaidOrders(t.db, { olderThanMs: 30 * 60_000 });
    const again = await placeOrder(b!, { couponCode: code });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().couponCode).toBe(code);
  });

  it('keeps a per-customer limit across the shopper’s orders', async () => {
    const code = uniqueCode('PER');
    await createDiscount(t.app, owner.headers, { code, perCustomerLimit: 2 });
    const shopper = await shopperOf();
    expect((await placeOrder(shopper, { couponCode: code })).statusCode).toBe(201);
    expect((await placeOrder(shopper, { couponCode: code })).statusCode).toBe(201);
    const third = await placeOrder(shopper, { couponCode: code });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('You have already used this code 2 times, the most it allows');
  });

  it.each([
    ['a code too long to be one', 'X'.repeat(65)],
    ['a code that is not text', 12345],
  ])('refuses %s with a 400, never a 500', async (_name, couponCode) => {
    const res = await placeOrder(await shopperOf(), { couponCode });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input' });
  });
});

describe('GST, the invoice and a partial refund of a discounted order', () => {
  it('prints the discount per line and in total; a partial refund returns its share of each line, tax by tax', async () => {
    const code = uniqueCode('GST');
    await createDiscount(t.app, owner.headers, { code, kind: 'fixed', value: 250 });
    const shopper = await shopperOf();
    const order = (await placeOrder(shopper, { couponCode: code })).json() as Order;
    expect(order.total).toBe(1416.67);
    await payOrder(shopper, order.id);

    const invoice = await invoiceOf(order.id);
    const s = invoice.snapshot as DocumentSnapshot;
    expect(invoice.totalPaise).toBe(141_667);
    expect(s.totals.discountPaise).toBe(25_000);
    expect(s.lines.map((l) => l.discountPaise)).toEqual([5_000, 20_000]);
    for (const l of s.lines) {
      expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(
        l.unitPricePaise! * l.quantity! - l.discountPaise!,
      );
    }
    expect(s.discounts).toEqual([{ label: `${code}: ₹250 off`, amountPaise: 25_000 }]);
    expect(s.delivery).toEqual({ paise: 0 });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/documents/${invoice.id}.pdf`,
      headers: authHeader(shopper.token),
    });
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toMatch(/Before discount\s+₹1,666\.67/);
    expect(text).toMatch(/Discount\s+-₹250\.00/);
    expect(text).toMatch(/Delivery\s+Free/);
    expect(text).toMatch(new RegExp(`Discounts applied: ${code}: ₹250 off \\(-₹250\\.00\\)`));
    expect(text).toMatch(/Invoice total\s+₹1,416\.67/);

    const staff = await signInStaff(t.app, t.db, 'staff');
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.amountPaise).toBe(141_667);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refunds`,
      headers: staff.headers,
      payload: { paymentId: payment!.id, amount: 500, reference: 'NEFT-DISC-1' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')));
    const n = note!.snapshot as DocumentSnapshot;
    expect(n.totals.totalPaise).toBe(50_000);
    // spread by what each line was paid after its discount (283.33 and 1,133.34 of 1,416.67),
    // rounded down, the last line taking the paise left (document-snapshot.ts creditLines)
    expect(n.lines.map((l) => l.totalPaise)).toEqual([9_999, 40_001]);
    for (const l of n.lines) {
      expect(l).toMatchObject(splitLineTax(l.totalPaise, 1800, true));
      expect(l.discountPaise).toBeUndefined();
    }
    expect(n.discounts).toBeUndefined();

    // the rest: both notes together give back exactly what the invoice charged, tax by tax
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refunds`,
      headers: staff.headers,
      payload: { paymentId: payment!.id, amount: 916.67, reference: 'NEFT-DISC-2' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const notes = (
      await t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')))
    ).map((d) => d.snapshot as DocumentSnapshot);
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise'] as const)
      expect(notes.reduce((sum, x) => sum + x.totals[key], 0)).toBe(s.totals[key]);
  });

  it('shows the discount in the order e-mail', async () => {
    const code = uniqueCode('MAIL');
    await createDiscount(t.app, owner.headers, { code, value: 20, name: 'Festive offer' });
    const shopper = await shopperOf();
    const order = (await placeOrder(shopper, { couponCode: code })).json() as Order;
    const mail = await renderOutboxEmail(
      t.db,
      { kind: 'order_placed', storeId: DEFAULT_STORE_ID, data: { orderId: order.id } },
      { baseUrl: 'https://shop.example' },
    );
    expect(mail.text).toMatch(/Subtotal\s+₹1,666\.67/);
    expect(mail.text).toMatch(new RegExp(`Discount \\(${code}: Festive offer\\)\\s+−₹333\\.33`));
    expect(mail.text).toMatch(/Delivery\s+Free/);
    expect(mail.text).toMatch(/Total\s+₹1,333\.34/);
  });
});

describe('an order its discounts cover in full', () => {
  it('is confirmed at once, with nothing to pay, and gets a ₹0 invoice', async () => {
    const code = uniqueCode('FREE');
    await createDiscount(t.app, owner.headers, { code, value: 100, usageLimit: 3 });
    const shopper = await shopperOf();
    const res = await placeOrder(shopper, { couponCode: code, paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      total: 0,
      status: 1,
      paymentStatus: 'paid',
      payBy: null,
      codStatus: null,
      discount: 1666.67,
    });
    const invoice = await invoiceOf(order.id);
    expect(invoice.totalPaise).toBe(0);
    expect(order.documents?.map((d) => d.kind)).toEqual(['invoice']);
    // nothing to pay: the payment page's request is refused
    const attempt = await pay(t.app, shopper.token, order.id, validFields('gateway'));
    expect(attempt.statusCode).toBeGreaterThanOrEqual(400);
    expect(attempt.statusCode).toBeLessThan(500);
    // and it never expires
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orders.id, order.id));
    await expireUnpaidOrders(t.db, { olderThanMs: 30 * 60_000 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe(1);
  });
});
