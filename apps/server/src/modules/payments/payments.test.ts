import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { orderStatusOf, pay, postForm, specFormFields, validFields } from '../../test/pay-order';
import { formatPaise } from '@store/contracts/money';
import { defaultPaymentsEnv, paymentConfigFromEnv } from './payment-config';
import { signSandboxNotification } from './providers/sandbox';
import { hmacSha256Hex } from './signature';

const config = paymentConfigFromEnv(defaultPaymentsEnv);
const secret = config.sandbox.secret;
let t: TestApp;
let shopper: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ payments: config });
  shopper = await registerAndLogin(t.app);
  other = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const newOrder = () => placeTestOrder(t.app, shopper.token);
const toPaise = (rupees: number) => Math.round(rupees * 100);

function webhook(rawBody: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-sandbox-signature': signature } : {}),
    },
    payload: rawBody,
  });
}

describe('GET /payments/fields', () => {
  it('uses every feature of the field definition', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' });
    expect(res.statusCode).toBe(200);
    const fields = res.json() as Record<string, unknown>[];
    const types = new Set(fields.map((f) => f.type));
    for (const type of ['text', 'email', 'tel', 'textarea', 'select', 'checkbox', 'number'])
      expect(types).toContain(type);
    const method = fields.find((f) => f.name === 'method')!;
    expect((method.options as { value: string }[]).map((o) => o.value)).toEqual([
      'upi_qr',
      'upi_app',
      'gateway',
    ]);
    expect(fields.some((f) => f.inline)).toBe(true);
    expect(fields.some((f) => f.mask)).toBe(true);
    expect(
      fields.some((f) =>
        String((f.rules as { pattern?: string } | undefined)?.pattern ?? '').startsWith('/'),
      ),
    ).toBe(true);
    expect(fields.find((f) => f.name === 'gstin')!.showWhenFilled).toEqual(['companyName']);
  });
  it('prefills the name and email of a signed-in shopper', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payments/fields',
      headers: authHeader(shopper.token),
    });
    expect(res.json().find((f: { name: string }) => f.name === 'email').defaultValue).toBe(
      shopper.email,
    );
    expect(res.json().find((f: { name: string }) => f.name === 'payerName').defaultValue).toBe(
      `${shopper.firstName} ${shopper.lastName}`,
    );
  });
});

describe('POST /payments checks', () => {
  it('needs a session', async () => {
    const order = await newOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { orderId: order.id, fields: validFields('upi_qr') },
    });
    expect(res.statusCode).toBe(401);
  });
  it('refuses invalid fields with the shared messages', async () => {
    const order = await newOrder();
    const res = await pay(
      t.app,
      shopper.token,
      order.id,
      validFields('upi_qr', {
        phone: '+91987',
        email: 'x@y',
        consent: false,
        companyName: 'Acme',
        gstin: 'bad',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      phone: 'Phone number must be 13 characters (including +91)',
      email: 'Please enter a valid email address',
      consent: 'Please accept the terms to continue',
      gstin: 'Must be at least 15 characters',
    });
  });
  it('refuses a method the store does not offer', async () => {
    const order = await newOrder();
    const res = await pay(t.app, shopper.token, order.id, validFields('payu'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.method).toBe('Please choose one of the options');
    const forged = await pay(
      t.app,
      shopper.token,
      order.id,
      validFields('upi_qr', { method: true, consent: 'yes' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toEqual({ method: 'Invalid format', consent: 'Invalid format' });
  });
  it('refuses unknown fields, in the body or in the form, and records no attempt', async () => {
    const order = await newOrder();
    const extraField = await pay(
      t.app,
      shopper.token,
      order.id,
      validFields('upi_qr', { amount: '1.00' }),
    );
    expect(extraField.statusCode).toBe(400);
    expect(extraField.json().fields).toEqual({ 'fields.amount': 'Unknown field' });
    const extraKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${shopper.token}` },
      payload: { orderId: order.id, fields: validFields('upi_qr'), amount: 1 },
    });
    expect(extraKey.statusCode).toBe(400);
    expect(extraKey.json().fields).toEqual({ amount: 'Unknown field' });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      0,
    );
  });
  it("answers 404 for another shopper's order and for an unknown one", async () => {
    const order = await newOrder();
    expect((await pay(t.app, other.token, order.id, validFields('upi_qr'))).statusCode).toBe(404);
    expect((await pay(t.app, shopper.token, 'ZZZZZZZZZZ', validFields('upi_qr'))).statusCode).toBe(
      404,
    );
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      0,
    );
  });
});

describe('UPI', () => {
  it('answers a QR with the NPCI link for the stored amount, and reuses the open attempt', async () => {
    const order = await newOrder();
    const first = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.success).toBe(true);
    expect(body.action.type).toBe('qr');
    const link = new URL(body.action.qr.replace('upi://', 'http://upi/'));
    expect(link.searchParams.get('pa')).toBe('stationery.demo@upi');
    expect(link.searchParams.get('am')).toBe(order.total.toFixed(2));
    expect(link.searchParams.get('cu')).toBe('INR');
    const again = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(again.json()).toEqual(body);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      1,
    );
  });
  it('answers a deeplink when the UPI app is on this phone', async () => {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('upi_app'))).json();
    expect(body.action.type).toBe('deeplink');
    expect(body.redirectUrl).toMatch(/^upi:\/\/pay\?/);
    expect(body.action.redirectUrl).toBe(body.redirectUrl);
  });
  it('is completed from the sandbox UPI page, and the order becomes Processing', async () => {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).json();
    const ref = new URL(body.action.qr.replace('upi://', 'http://upi/')).searchParams.get('tr')!;
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox-gateway/upi?orderId=${order.id}`,
    });
    expect(page.body).toContain(`/sandbox-gateway/pay/${ref}/approve`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${ref}/approve`,
    });
    expect(approved.body).toContain('Payment approved');
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect((await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).statusCode).toBe(409);
  });
});

describe('sandbox gateway', () => {
  async function startGateway() {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    return { order, body, paymentId: body.action.formParams.data.paymentId as string };
  }

  it('answers redirect_post to the hosted page, which shows merchant, order and amount', async () => {
    const { order, body } = await startGateway();
    expect(body.action.type).toBe('redirect_post');
    expect(body.action.redirectUrl).toBe('/sandbox-gateway/pay');
    const page = await postForm(
      t.app,
      body.action.redirectUrl,
      specFormFields(body.action.formParams),
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Kagaz &amp; Kalam');
    expect(page.body).toContain(order.id);
    // as an Indian shopper reads it: ₹1,083.00
    expect(page.body).toContain(formatPaise(Math.round(order.total * 100)));
    expect(page.body).toContain('data-testid="sandbox-approve"');
  });
  it('refuses a merchant request with an altered amount', async () => {
    const { body } = await startGateway();
    const fields = specFormFields({
      ...body.action.formParams,
      data: { ...body.action.formParams.data, amount: '1.00' },
    });
    expect((await postForm(t.app, '/sandbox-gateway/pay', fields)).statusCode).toBe(400);
  });
  it('approve: notifies the store and returns the shopper to /order-success', async () => {
    const { order, paymentId } = await startGateway();
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${paymentId}/approve`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-success?orderId=${order.id}`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${paymentId}/approve`,
    });
    expect(again.headers.location).toBe(`/order-success?orderId=${order.id}`);
  });
  it('decline: back to /payment with the reason, order still Pending, and a new attempt pays it', async () => {
    const { order, paymentId } = await startGateway();
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${paymentId}/decline`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment?orderId=${order.id}&reason=Payment+declined`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const retry = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    const retryId = retry.action.formParams.data.paymentId;
    expect(retryId).not.toBe(paymentId);
    await t.app.inject({ method: 'POST', url: `/sandbox-gateway/pay/${retryId}/approve` });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
  it('the return page alone never marks an order paid', async () => {
    const { order } = await startGateway();
    await t.app.inject({ method: 'GET', url: `/order-success?orderId=${order.id}` });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
});

describe('signed notifications', () => {
  async function openAttempt() {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    return {
      order,
      paymentId: body.action.formParams.data.paymentId as string,
      amount: toPaise(order.total),
    };
  }

  it('refuses unsigned, forged and tampered notifications without any change', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const { rawBody, signature } = signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId,
      amount,
    });
    expect((await webhook(rawBody)).statusCode).toBe(401);
    expect((await webhook(rawBody, hmacSha256Hex('guessed-secret', rawBody))).statusCode).toBe(401);
    expect(
      (await webhook(rawBody.replace(`"amount":${amount}`, `"amount":${amount + 1}`), signature))
        .statusCode,
    ).toBe(401);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
  it('refuses a signed notification whose amount differs from the order', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const { rawBody, signature } = signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId,
      amount: amount - 100,
    });
    const res = await webhook(rawBody, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Amount does not match the order');
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
  it('applies a valid notification once; a replay or a second event gets 409', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const { rawBody, signature } = signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId,
      amount,
    });
    const ok = await webhook(rawBody, signature);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      orderId: order.id,
      paymentId,
      outcome: 'succeeded',
    });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect((await webhook(rawBody, signature)).statusCode).toBe(409);
    const second = signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId,
      amount,
    });
    expect((await webhook(second.rawBody, second.signature)).statusCode).toBe(409);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
  it('answers 404 for an unknown payment', async () => {
    const { rawBody, signature } = signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId: 'PAYNOPE',
      amount: 100,
    });
    expect((await webhook(rawBody, signature)).statusCode).toBe(404);
  });
});
