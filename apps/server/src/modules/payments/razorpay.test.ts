import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, refunds } from '../../db/schema';
import { startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay';
import { orderStatusOf, pay, postForm, validFields } from '../../test/pay-order';
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
import { defaultPaymentsEnv, paymentConfigFromEnv, type PaymentConfig } from './payment-config';
import { reconcilePayments } from './reconcile.service';

// Razorpay against a local server answering in Razorpay's documented formats (test/fake-razorpay.ts).
const KEY_ID = 'rzp_test_FakeKey';
const KEY_SECRET = 'fake-key-secret';
const WEBHOOK_SECRET = 'fake-webhook-secret';
let fake: FakeRazorpay;
let config: PaymentConfig;
let t: TestApp;
let shopper: TestUser;
let operator: string;

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_ID, KEY_SECRET, WEBHOOK_SECRET);
  config = paymentConfigFromEnv({
    ...defaultPaymentsEnv,
    PAYMENT_METHODS: 'razorpay,upi_qr,gateway',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: fake.url,
  });
  t = await createTestApp({ payments: config, publicBaseUrl: 'https://shop.example' });
  shopper = await registerAndLogin(t.app);
  operator = await signOperatorToken(testJwtSecret);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const paymentRow = async (id: string) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const webhook = (event: string, payment: { id: string }, tamper?: (raw: string) => string) => {
  const { rawBody, signature } = fake.webhook(event, payment);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/razorpay',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: tamper ? tamper(rawBody) : rawBody,
  });
};
const callback = (fields: Record<string, string>) =>
  postForm(t.app, '/api/v1/payments/razorpay/return', fields);

/** A Pending order and its Razorpay attempt: the hosted checkout's form and the Razorpay order. */
async function startRazorpay() {
  const order = await placeTestOrder(t.app, shopper.token);
  const res = await pay(t.app, shopper.token, order.id, validFields('razorpay'));
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const data = body.action.formParams.data as Record<string, string>;
  return { order, body, data, attemptId: body.action.paymentId as string };
}

describe('Razorpay checkout', () => {
  it("creates a Razorpay order for the attempt's amount and sends the shopper to its hosted checkout by a form post", async () => {
    const { order, body, data, attemptId } = await startRazorpay();
    expect(body.action).toMatchObject({
      type: 'redirect_post',
      redirectUrl: '/api/v1/payments/bounce',
      formParams: { type: 'razorpay', url: `${fake.url}/v1/checkout/embedded` },
    });
    const rzpOrder = fake.orders.get(data.order_id!)!;
    expect(rzpOrder).toMatchObject({
      amount: Math.round(order.total * 100),
      currency: 'INR',
      receipt: attemptId,
      notes: { order_id: order.id },
    });
    expect(data).toMatchObject({
      key_id: KEY_ID,
      amount: String(rzpOrder.amount),
      'prefill[email]': 'asha@example.in',
      callback_url: 'https://shop.example/api/v1/payments/razorpay/return',
    });
    // the bounce page posts those names, brackets and all, to Razorpay's page only
    const bounce = await postForm(t.app, '/api/v1/payments/bounce', {
      type: 'razorpay',
      url: `${fake.url}/v1/checkout/embedded`,
      ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data[${k}]`, v])),
    });
    expect(bounce.statusCode).toBe(200);
    expect(bounce.body).toContain('name="prefill[email]"');
    // and may: form-action names RAZORPAY_API_URL's origin (here the fake's) beside Razorpay's own
    expect(bounce.headers['content-security-policy']).toMatch(
      new RegExp(`form-action [^;]*https://api\\.razorpay\\.com ${fake.url}(;|$)`),
    );
    // pressing Pay Now again reuses the attempt and its Razorpay order
    const again = (await pay(t.app, shopper.token, order.id, validFields('razorpay'))).json();
    expect(again.action.formParams.data.order_id).toBe(data.order_id);
    expect([...fake.orders.values()].filter((o) => o.receipt === attemptId)).toHaveLength(1);
  });

  it('a signed callback pays the order once; the webhook after it and its replay change nothing', async () => {
    const { order, data, attemptId } = await startRazorpay();
    const payment = fake.pay(data.order_id!, 'captured');
    const res = await callback(fake.callbackFields(payment));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-success?orderId=${order.id}`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect(await paymentRow(attemptId)).toMatchObject({
      status: 'succeeded',
      providerReference: payment.id,
    });
    const late = await webhook('payment.captured', payment);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ outcome: 'succeeded', replayed: true });
    expect((await webhook('payment.captured', payment)).json()).toMatchObject({ replayed: true });
    expect(await paymentRow(attemptId)).toMatchObject({ needsRefund: false });
  });

  it('a tampered callback or webhook, or one without a signature, changes nothing', async () => {
    const { order, data, attemptId } = await startRazorpay();
    const payment = fake.pay(data.order_id!, 'captured');
    const fields = fake.callbackFields(payment);
    const forged = await callback({ ...fields, razorpay_signature: '0'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'Invalid Razorpay response hash' });
    const tampered = await webhook('payment.captured', payment, (raw) =>
      raw.replace(`"amount":${payment.amount}`, `"amount":${payment.amount + 1}`),
    );
    expect(tampered.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: fake.webhook('payment.captured', payment).rawBody,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    expect((await paymentRow(attemptId)).status).toBe('pending');
  });

  it('a failed payment sends the shopper back to Payment with the reason; a forged failure of a paid one cannot un-pay it', async () => {
    const { order, data, attemptId } = await startRazorpay();
    const failed = fake.pay(data.order_id!, 'failed');
    const metadata = JSON.stringify({ payment_id: failed.id, order_id: data.order_id });
    const res = await callback({
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment failed',
      'error[metadata]': metadata,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/payment?orderId=${order.id}&reason=Payment+was+declined+by+the+bank`,
    );
    expect((await paymentRow(attemptId)).status).toBe('failed');
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);

    // the shopper pays again: a new attempt, a new Razorpay order, and it is paid
    const next = await startRazorpay();
    const paid = fake.pay(next.data.order_id!, 'captured');
    await webhook('payment.captured', paid);
    expect(await orderStatusOf(t.app, shopper.token, next.order.id)).toBe(1);
    // a "failure" naming the captured payment is read from Razorpay: still captured, still paid
    await callback({
      'error[description]': 'fake',
      'error[metadata]': JSON.stringify({ payment_id: paid.id, order_id: next.data.order_id }),
    });
    expect(await orderStatusOf(t.app, shopper.token, next.order.id)).toBe(1);
  });

  it('an amount that differs from the order is never paid: 400, kept and flagged for a refund', async () => {
    const { order, data } = await startRazorpay();
    const short = fake.pay(data.order_id!, 'captured', 100);
    const res = await webhook('payment.captured', short);
    expect(res.statusCode).toBe(400);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const [kept] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerReference, short.id));
    expect(kept).toMatchObject({ amountPaise: 100, needsRefund: true, status: 'succeeded' });
  });

  it('authorized is pending; a late capture found by the reconciliation pays the order', async () => {
    const { order, data, attemptId } = await startRazorpay();
    const authorized = fake.pay(data.order_id!, 'authorized');
    const res = await webhook('payment.authorized', authorized);
    expect(res.json()).toMatchObject({ outcome: 'pending' });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    authorized.status = 'captured';
    const report = await reconcilePayments(t.db, config, {
      now: new Date(Date.now() + 3 * 60_000),
    });
    // (the earlier short payment is reported again as an error: it stays flagged, never paid)
    expect(report.applied).toBeGreaterThanOrEqual(1);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect(await paymentRow(attemptId)).toMatchObject({ providerReference: authorized.id });
  });

  it('a signed event that moves no payment (a refund event) is acknowledged and ignored', async () => {
    const { data } = await startRazorpay();
    const payment = fake.pay(data.order_id!, 'captured');
    const res = await webhook('refund.processed', payment);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ignored: true });
  });

  it('Razorpay down: a clear 502 with its JSON, and no attempt is left behind', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    fake.down = true;
    try {
      const res = await pay(t.app, shopper.token, order.id, validFields('razorpay'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'bad_gateway' });
      expect(res.json().error).toMatch(/Razorpay could not be reached/);
    } finally {
      fake.down = false;
    }
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      0,
    );
  });
});

describe('Razorpay refunds', () => {
  it('refunds part of a payment through its API, once per reference, settled by the reconciliation with a credit note', async () => {
    const { order, data, attemptId } = await startRazorpay();
    const payment = fake.pay(data.order_id!, 'captured');
    await callback(fake.callbackFields(payment));
    const refund = (amount: number, reference: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/operator/payments/${attemptId}/refunds`,
        headers: authHeader(operator),
        payload: { amount, reference },
      });
    const half = Math.floor(order.total * 50) / 100;
    const first = await refund(half, 'part-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'requested' });
    const asked = fake.refunds.get(first.json().providerRefundId)!;
    expect(asked).toMatchObject({
      payment_id: payment.id,
      amount: Math.round(half * 100),
      receipt: first.json().id,
    });
    // the same reference again: the first record, Razorpay not asked twice
    await refund(half, 'part-1');
    expect(fake.calls.filter((c) => c.endsWith('/refund'))).toHaveLength(1);

    asked.status = 'processed';
    const report = await reconcilePayments(t.db, config);
    expect(report.refundsSettled).toBe(1);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, first.json().id));
    expect(settled!.status).toBe('succeeded');
    expect(
      await t.db.select().from(invoices).where(eq(invoices.refundId, settled!.id)),
    ).toMatchObject([{ kind: 'credit_note' }]);
    expect((await paymentRow(attemptId)).refundedPaise).toBe(Math.round(half * 100));
  });

  it('a refund whose answer was lost is found by its receipt, not asked again', async () => {
    const { data, attemptId, order } = await startRazorpay();
    const payment = fake.pay(data.order_id!, 'captured');
    await callback(fake.callbackFields(payment));
    // Razorpay took the refund but its answer never came back: our row has no Razorpay id
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/payments/${attemptId}/refunds`,
      headers: authHeader(operator),
      payload: { amount: order.total, reference: 'lost-answer' },
    });
    const ours = res.json();
    await t.db.update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, ours.id));
    const before = fake.calls.filter((c) => c.endsWith('/refund')).length;
    await reconcilePayments(t.db, config);
    expect(fake.calls.filter((c) => c.endsWith('/refund'))).toHaveLength(before);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, ours.id));
    expect(row!.providerRefundId).toBe(ours.providerRefundId);
  });
});
