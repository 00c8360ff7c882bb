import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinMessages } from '@store/contracts/gst';
import { orders, payments } from '../../db/schema';
import { pay, validFields } from '../../test/pay-order';
import {
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const business = {
  companyName: 'Tara Traders',
  gstin: '29ABCDE1234F1ZW',
  billingAddress: '5 Brigade Road, Bengaluru',
  billingPincode: '560001',
};

async function buyerOf(orderId: string) {
  const [row] = await t.db
    .select({
      buyerName: orders.buyerName,
      buyerGstin: orders.buyerGstin,
      buyerAddress: orders.buyerAddress,
      receiptEmail: orders.receiptEmail,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

describe('a business buyer’s GSTIN at payment', () => {
  it.each([
    ['a wrong check character', '29ABCDE1234F1Z5', gstinMessages.checkCharacter],
    ['state code 00', '00ABCDE1234F1ZG', gstinMessages.stateCode],
    ['a GSTIN of the wrong shape', '29ABCDE1234F1X5', gstinMessages.format],
  ])('refuses %s with the form’s message and records nothing', async (_, gstin, message) => {
    const order = await placeTestOrder(t.app, shopper.token);
    const res = await pay(
      t.app,
      shopper.token,
      order.id,
      validFields('gateway', { ...business, gstin }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Please correct the errors in the form',
      code: 'invalid_input',
      fields: { gstin: message },
    });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      0,
    );
    expect(await buyerOf(order.id)).toEqual({
      buyerName: null,
      buyerGstin: null,
      buyerAddress: null,
      receiptEmail: null,
    });
  });

  it('keeps a valid GSTIN (normalised), the business and its address, and the receipt e-mail on the order', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const res = await pay(
      t.app,
      shopper.token,
      order.id,
      validFields('gateway', {
        ...business,
        gstin: '29abcde1234f1zw',
        email: 'accounts@tara.example.in',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await buyerOf(order.id)).toEqual({
      buyerName: 'Tara Traders',
      buyerGstin: '29ABCDE1234F1ZW',
      buyerAddress: '5 Brigade Road, Bengaluru\n560001',
      receiptEmail: 'accounts@tara.example.in',
    });
  });

  it('keeps what the last submit before the payment gave', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    await pay(t.app, shopper.token, order.id, validFields('gateway', business));
    // the shopper changes their mind: no GST invoice, another receipt address
    const again = await pay(
      t.app,
      shopper.token,
      order.id,
      validFields('upi_qr', { email: 'asha.home@example.in' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await buyerOf(order.id)).toEqual({
      buyerName: null,
      buyerGstin: null,
      buyerAddress: null,
      receiptEmail: 'asha.home@example.in',
    });
  });

  it('offers a valid GSTIN as the example', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' });
    const gstin = (
      res.json() as { name: string; placeholder?: string; rulesMessages?: string[] }[]
    ).find((f) => f.name === 'gstin')!;
    expect(gstin.placeholder).toBe('29ABCDE1234F1ZW');
    expect(gstin.rulesMessages?.[1]).toBe(gstinMessages.format);
  });
});
