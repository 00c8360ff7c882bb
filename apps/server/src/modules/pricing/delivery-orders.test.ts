import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartQuote } from '@store/contracts/cart-quote';
import { deliveryZoneIds, type DeliveryZone } from '@store/contracts/delivery';
import type { ZoneAmounts } from '@store/contracts/delivery-charges';
import { splitLineTax } from '@store/contracts/gst';
import type { Order } from '@store/contracts/orders';
import { invoices, orders, payments, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import { saveProduct } from '../../test/products';
import { insertShoppers, type Shopper } from '../../test/shoppers';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { authHeader, createTestApp, type TestApp } from '../../test/test-app';
import type { DocumentSnapshot } from '../invoices/document-snapshot';
import { renderOutboxEmail } from '../mail/render-email';
import { createDiscount, uniqueCode } from './test-discounts';

/*
 * The delivery charge in the cart's quote and in POST /orders (docs/decisions/delivery-charges.md,
 * phase 2): the store's rates by zone, value and weight, free delivery from a threshold on the
 * value after discounts, the cash-on-delivery fee, and the invoice's lines. The demo store sends
 * from Kolkata (700016) and is registered in West Bengal.
 */

let t: TestApp;
let owner: SignedInStaff;
let shopper: Shopper;
/** ₹100, 18% GST (HSN 9608), 300 g */
let pen: string;
/** ₹400, 12% GST (HSN 4802), 2.4 kg */
let ream: string;
/** ₹999 and ₹998.99, nil-rated, no weight */
let atThreshold: string;
let belowThreshold: string;

const paise = (rupees: Partial<Record<DeliveryZone, number>>): ZoneAmounts =>
  Object.fromEntries(
    deliveryZoneIds.map((id) => [id, Math.round((rupees[id] ?? 20) * 100)]),
  ) as ZoneAmounts;

const rates = {
  bands: [
    {
      fromPaise: 0,
      chargePaise: paise({
        sameCity: 40,
        sameState: 60,
        metro: 80,
        restOfIndia: 100,
        northEastAndIslands: 150,
      }),
    },
  ],
  // 1 kg in the band's charge, then ₹30 (Rest of India) or ₹45 (North-East) a further 500 g
  weight: {
    includedGrams: 1000,
    stepGrams: 500,
    stepChargePaise: paise({ restOfIndia: 30, northEastAndIslands: 45 }),
  },
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  [shopper] = (await insertShoppers(t.app, t.db, 1)) as [Shopper];
  const product = (title: string, over: Record<string, unknown>) =>
    saveProduct(t.app, owner, { title, stock: 10_000, ...over });
  pen = await product('Delivery Gel Pen', {
    regularPrice: 100,
    gstRateBp: 1800,
    hsnCode: '9608',
    weightGrams: 300,
  });
  ream = await product('Delivery A4 Ream', {
    regularPrice: 400,
    gstRateBp: 1200,
    hsnCode: '4802',
    weightGrams: 2400,
  });
  atThreshold = await product('Delivery Gift Set', { regularPrice: 999 });
  belowThreshold = await product('Delivery Gift Box', { regularPrice: 998.99 });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db
    .update(stores)
    .set({
      dispatchPin: '700016',
      deliveryRates: rates,
      freeDeliveryAbovePaise: 999_00,
      codFeePaise: 30_00,
      codEnabled: true,
      codMaxPaise: 5_000_00,
    })
    .where(eq(stores.id, DEFAULT_STORE_ID));
});

const nagpur = {
  fullName: 'Asha Verma',
  address: '12 Civil Lines',
  city: 'Nagpur',
  state: 'Maharashtra',
  postalCode: '440001',
  phone: '+91 98765 43210',
};
const kolkata = { ...nagpur, city: 'Kolkata', state: 'West Bengal', postalCode: '700016' };

const quote = async (payload: Record<string, unknown>): Promise<CartQuote> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/cart/quote',
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const placeOrder = (items: Record<string, number>, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: { products: items, shippingAddress: nagpur, ...extra },
  });

const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the cart’s quote with the store’s rates', () => {
  it('needs the PIN while zones differ, then charges the zone’s rate with the parcel’s weight', async () => {
    const lines = [{ productId: pen, quantity: 1 }];
    const noPin = await quote({ lines });
    expect(noPin.delivery).toEqual({
      charge: 0,
      waived: 0,
      amount: 0,
      basis: 'needsPin',
      label: 'Calculated from your PIN code',
      toFree: 899,
    });
    expect(noPin.total).toBe(100);

    const nagpurQuote = await quote({ lines, shippingAddress: { postalCode: '440001' } });
    expect(nagpurQuote.delivery).toMatchObject({
      amount: 100,
      basis: 'rate',
      label: 'Rest of India · 300 g',
      toFree: 899,
    });
    expect(nagpurQuote.total).toBe(200);
    const guwahati = await quote({ lines, shippingAddress: { postalCode: '781001' } });
    expect(guwahati.delivery.amount).toBe(150);
    // a PIN India Post does not have prices as none while the shopper corrects it
    const unknown = await quote({ lines, shippingAddress: { postalCode: '999999' } });
    expect(unknown.delivery.basis).toBe('needsPin');
  });

  it('adds a step for each further 500 g or part of one', async () => {
    // 2 reams: 4.8 kg, 1 kg included, 3.8 kg = 8 steps of ₹30
    const q = await quote({
      lines: [{ productId: ream, quantity: 2 }],
      shippingAddress: { postalCode: '440001' },
    });
    expect(q.delivery).toMatchObject({ amount: 100 + 8 * 30, label: 'Rest of India · 4.8 kg' });
    expect(q.total).toBe(800 + 340);
  });

  it('is free from the threshold exactly; a paisa below pays', async () => {
    const to = { shippingAddress: { postalCode: '781001' } };
    const at = await quote({ lines: [{ productId: atThreshold, quantity: 1 }], ...to });
    expect(at.delivery).toMatchObject({
      amount: 0,
      basis: 'freeAbove',
      label: 'Free on orders from ₹999',
      toFree: null,
    });
    expect(at.total).toBe(999);
    const below = await quote({ lines: [{ productId: belowThreshold, quantity: 1 }], ...to });
    expect(below.delivery).toMatchObject({ amount: 150, basis: 'rate', toFree: 0.01 });
    expect(below.total).toBe(1148.99);
  });

  it('reads the threshold after discounts: 10% off ₹999 pays for delivery', async () => {
    const code = uniqueCode('TEN');
    await createDiscount(t.app, owner.headers, { code });
    const q = await quote({
      lines: [{ productId: atThreshold, quantity: 1 }],
      couponCode: code,
      shippingAddress: { postalCode: '440001' },
    });
    expect(q.discount).toBe(99.9);
    expect(q.delivery).toMatchObject({ amount: 100, toFree: 99.9 });
    expect(q.total).toBe(999.1);
  });

  it('a new store (no rates) says Free everywhere, without a PIN too', async () => {
    await t.db
      .update(stores)
      .set({ deliveryRates: null, freeDeliveryAbovePaise: null, codFeePaise: 0 })
      .where(eq(stores.id, DEFAULT_STORE_ID));
    const q = await quote({ lines: [{ productId: ream, quantity: 3 }] });
    expect(q.delivery).toEqual({
      charge: 0,
      waived: 0,
      amount: 0,
      basis: 'free',
      label: 'Free',
      toFree: null,
    });
    expect(q.codFee).toBe(0);
  });
});

describe('POST /orders with the store’s rates', () => {
  it('stores the delivery charge, the COD fee and their GST; the total is what the quote showed', async () => {
    const items = { [pen]: 1 };
    const q = await quote({
      lines: [{ productId: pen, quantity: 1 }],
      shippingAddress: { state: 'West Bengal', postalCode: '700016' },
      paymentMethod: 'cod',
    });
    // same city: ₹40, and the ₹30 fee for cash on delivery
    expect(q.delivery.amount).toBe(40);
    expect(q.codFee).toBe(30);
    expect(q.total).toBe(170);

    const res = await placeOrder(items, { shippingAddress: kolkata, paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({ subtotal: 100, delivery: 40, codFee: 30, total: q.total });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ totalPaise: 170_00, deliveryPaise: 40_00, codFeePaise: 30_00 });
    // intra-state: CGST and SGST, at the pen's 18% (the principal supply)
    expect(row.deliveryTax).toEqual({
      hsnCode: '9608',
      rateBp: 1800,
      ...splitLineTax(40_00, 1800, true),
    });
    expect(row.codFeeTax).toEqual({
      hsnCode: '9608',
      rateBp: 1800,
      ...splitLineTax(30_00, 1800, true),
    });

    const mail = await renderOutboxEmail(
      t.db,
      { kind: 'order_placed', storeId: DEFAULT_STORE_ID, data: { orderId: order.id } },
      { baseUrl: 'https://shop.example' },
    );
    expect(mail.text).toMatch(/Delivery\s+₹40\.00/);
    expect(mail.text).toMatch(/Cash on delivery fee\s+₹30\.00/);
    expect(mail.text).toMatch(/Total\s+₹170\.00/);
  });

  it('a Free delivery code waives the delivery charge but not the COD fee', async () => {
    const code = uniqueCode('SHIP');
    await createDiscount(t.app, owner.headers, { code, kind: 'free_delivery', value: null });
    const res = await placeOrder({ [pen]: 1 }, { couponCode: code, paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({ delivery: 0, codFee: 30, total: 130 });
    expect(order.offers).toEqual([
      { code, description: 'Free delivery', kind: 'free_delivery', amount: 100 },
    ]);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ deliveryPaise: 0, deliveryTax: null, codFeePaise: 30_00 });
  });

  it('cash on delivery over the store’s limit counts delivery and the fee', async () => {
    // goods ₹100 are within ₹200; with ₹100 delivery and the ₹30 fee the courier collects ₹230
    await t.db.update(stores).set({ codMaxPaise: 200_00 }).where(eq(stores.id, DEFAULT_STORE_ID));
    const res = await placeOrder({ [pen]: 1 }, { paymentMethod: 'cod' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'cod_refused',
      error: 'Cash on delivery is available for orders up to ₹200',
    });
    // paid online, the same order is taken (no fee)
    const online = await placeOrder({ [pen]: 1 });
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json()).toMatchObject({ delivery: 100, codFee: 0, total: 200 });
  });

  it('the payment form names the fee beside Cash on delivery', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' });
    const method = res.json().find((f: { name: string }) => f.name === 'method');
    expect(method.options).toContainEqual({
      value: 'cod',
      label: 'Cash on delivery (pay when your order arrives; ₹30 fee)',
    });
  });

  it('cash on delivery chosen on the payment page adds the fee to the order before the limit', async () => {
    const order = (await placeOrder({ [pen]: 1 })).json() as Order;
    expect(order.total).toBe(200);
    const res = await pay(t.app, shopper.token, order.id, validFields('cod'));
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ totalPaise: 230_00, codFeePaise: 30_00, codStatus: 'to_collect' });
    expect(row.codFeeTax).toEqual({
      hsnCode: '9608',
      rateBp: 1800,
      ...splitLineTax(30_00, 1800, false),
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.amountPaise).toBe(230_00);
  });
});

describe('the invoice of an order with a delivery charge', () => {
  it('prints Delivery charges as a taxed line; the lines add up to the total; a full refund credits it', async () => {
    // pen ₹100 + ream ₹400 to Nagpur: 2.7 kg, ₹100 + 4 steps of ₹30 = ₹220, IGST at 18%
    const order = (await placeOrder({ [pen]: 1, [ream]: 1 })).json() as Order;
    expect(order).toMatchObject({ subtotal: 500, delivery: 220, total: 720 });
    const body = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    const { paymentId, token } = body.action.formParams.data;
    expect((await decideInSandbox(t.app, paymentId, 'approve', token)).statusCode).toBeLessThan(
      400,
    );

    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    const s = invoice!.snapshot as DocumentSnapshot;
    expect(invoice!.totalPaise).toBe(720_00);
    const delivery = s.lines.find((l) => l.description === 'Delivery charges')!;
    expect(delivery).toMatchObject({
      hsnCode: '9608',
      rateBp: 1800,
      quantity: 1,
      unitPricePaise: 220_00,
      totalPaise: 220_00,
      ...splitLineTax(220_00, 1800, false),
    });
    expect(s.lines.reduce((sum, l) => sum + l.totalPaise, 0)).toBe(720_00);
    expect(
      s.lines.reduce((sum, l) => sum + l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise, 0),
    ).toBe(720_00);
    expect(s.totals.totalPaise).toBe(720_00);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/documents/${invoice!.id}.pdf`,
      headers: authHeader(shopper.token),
    });
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toMatch(/Delivery charges/);
    expect(text).toMatch(/Delivery\s+₹220\.00/);
    expect(text).toMatch(/Invoice total\s+₹720\.00/);

    const staff = await signInStaff(t.app, t.db, 'staff');
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refunds`,
      headers: staff.headers,
      payload: { paymentId: payment!.id, amount: 720, reference: 'NEFT-DELIVERY-1' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')));
    const n = note!.snapshot as DocumentSnapshot;
    expect(n.totals).toMatchObject({
      totalPaise: s.totals.totalPaise,
      taxablePaise: s.totals.taxablePaise,
      igstPaise: s.totals.igstPaise,
    });
    expect(n.lines.find((l) => l.description === 'Delivery charges')).toMatchObject({
      totalPaise: 220_00,
      igstPaise: delivery.igstPaise,
    });
  });
});
