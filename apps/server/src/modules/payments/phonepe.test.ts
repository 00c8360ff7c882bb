import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentEvents, payments, refunds } from '../../db/schema';
import { startFakePhonePe, type FakePhonePe } from '../../test/fake-phonepe';
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
import { expireUnpaidOrders } from '../orders/order-transitions.service';
import { defaultPaymentsEnv, paymentConfigFromEnv, type PaymentConfig } from './payment-config';
import { phonepeOrderStatus } from './providers/phonepe-api';
import { reconcilePayments } from './reconcile.service';

// PhonePe PG (API v2) against a local server answering in PhonePe's documented formats
// (test/fake-phonepe.ts).
const credentials = {
  clientId: 'FAKEMERCHANTUAT_2511',
  clientSecret: 'fake-client-secret',
  clientVersion: '1',
  webhookUsername: 'kagaz_hooks',
  webhookPassword: 'hookpass123',
};
let fake: FakePhonePe;
let config: PaymentConfig;
let t: TestApp;
let shopper: TestUser;
let operator: string;

beforeAll(async () => {
  fake = await startFakePhonePe(credentials);
  config = paymentConfigFromEnv({
    ...defaultPaymentsEnv,
    PAYMENT_METHODS: 'phonepe,upi_qr,gateway',
    PHONEPE_CLIENT_ID: credentials.clientId,
    PHONEPE_CLIENT_SECRET: credentials.clientSecret,
    PHONEPE_CLIENT_VERSION: credentials.clientVersion,
    PHONEPE_WEBHOOK_USERNAME: credentials.webhookUsername,
    PHONEPE_WEBHOOK_PASSWORD: credentials.webhookPassword,
    PHONEPE_API_URL: fake.url,
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
const webhook = (event: string, merchantOrderId: string, over: { authorization?: string } = {}) => {
  const { rawBody, authorization } = fake.webhook(event, merchantOrderId);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/phonepe',
    headers: { 'content-type': 'application/json', authorization, ...over },
    payload: rawBody,
  });
};
/** PhonePe's page sending the shopper back: a GET of the redirectUrl we gave it. */
const returnTo = (merchantOrderId: string) => {
  const url = new URL(fake.orders.get(merchantOrderId)!.merchantRedirectUrl);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
};

/** A Pending order and its PhonePe attempt: the answer of Pay Now and PhonePe's order. */
async function startPhonePe() {
  const order = await placeTestOrder(t.app, shopper.token);
  const res = await pay(t.app, shopper.token, order.id, validFields('phonepe'));
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const attemptId = body.action.paymentId as string;
  return { order, body, attemptId, merchantOrderId: `${attemptId}-1` };
}

describe('PhonePe checkout', () => {
  it("creates a PhonePe order for the attempt's amount and sends the shopper to PhonePe's page", async () => {
    const { order, body, attemptId, merchantOrderId } = await startPhonePe();
    const created = fake.orders.get(merchantOrderId)!;
    expect(created).toMatchObject({
      amount: Math.round(order.total * 100),
      metaInfo: { udf1: order.id, udf2: attemptId },
      merchantRedirectUrl: `https://shop.example/api/v1/payments/phonepe/return?merchantOrderId=${merchantOrderId}`,
    });
    const pageUrl = `${fake.url}/transact/uat_v2?token=${created.orderId}`;
    expect(body.action).toMatchObject({
      type: 'redirect_post',
      redirectUrl: '/api/v1/payments/bounce',
      formParams: { type: 'phonepe', url: pageUrl, data: {} },
    });
    // the spec's hidden form posts to the bounce page, which sends the browser on to PhonePe
    const bounce = await postForm(t.app, '/api/v1/payments/bounce', {
      type: 'phonepe',
      url: pageUrl,
    });
    expect(bounce.statusCode).toBe(303);
    expect(bounce.headers.location).toBe(pageUrl);
    // ...and nowhere else
    const elsewhere = await postForm(t.app, '/api/v1/payments/bounce', {
      type: 'phonepe',
      url: 'https://evil.example/transact?token=x',
    });
    expect(elsewhere.statusCode).toBe(400);
    // Pay Now again: the same attempt, and PhonePe's next order for it (it takes an id once)
    const again = (await pay(t.app, shopper.token, order.id, validFields('phonepe'))).json();
    expect(again.action.paymentId).toBe(attemptId);
    expect(fake.orders.has(`${attemptId}-2`)).toBe(true);
  });

  it('success: the return is checked with the status API and pays the order once; the webhook after it and its replay change nothing', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'COMPLETED');
    const res = await returnTo(merchantOrderId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-success?orderId=${order.id}`);
    expect(fake.calls).toContain(`GET /checkout/v2/order/${merchantOrderId}/status?details=true`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect(await paymentRow(attemptId)).toMatchObject({
      status: 'succeeded',
      providerReference: merchantOrderId,
    });
    const late = await webhook('checkout.order.completed', merchantOrderId);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ outcome: 'succeeded', replayed: true });
    const replay = await webhook('checkout.order.completed', merchantOrderId);
    expect(replay.json()).toMatchObject({ outcome: 'succeeded', replayed: true });
    expect(
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, attemptId)),
    ).toHaveLength(1);
    expect(await paymentRow(attemptId)).toMatchObject({ needsRefund: false });
  });

  it('a return is never believed by itself: an order PhonePe has not completed, or does not know, pays nothing', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    // back from PhonePe's page without paying (still CREATED): back to Payment
    const back = await returnTo(merchantOrderId);
    expect(back.headers.location).toBe(`/payment?orderId=${order.id}&reason=Payment+cancelled`);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/phonepe/return?merchantOrderId=${attemptId}-9`,
    });
    expect(unknown.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payments/phonepe/return?merchantOrderId=anything&state=COMPLETED',
    });
    expect(forged.statusCode).toBe(400);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });

  it('failure: the shopper goes back to Payment with the reason, and can pay again', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'FAILED');
    const res = await returnTo(merchantOrderId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/payment?orderId=${order.id}&reason=The+payment+did+not+go+through+at+PhonePe`,
    );
    expect((await paymentRow(attemptId)).status).toBe('failed');
    // the failed webhook that follows is the same event: a replay
    expect((await webhook('checkout.order.failed', merchantOrderId)).json()).toMatchObject({
      outcome: 'failed',
      replayed: true,
    });
    const next = (await pay(t.app, shopper.token, order.id, validFields('phonepe'))).json();
    expect(next.action.paymentId).not.toBe(attemptId);
    fake.pay(`${next.action.paymentId}-1`, 'COMPLETED');
    await webhook('checkout.order.completed', `${next.action.paymentId}-1`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });

  it('pending stays pending (the order waits, no second payment); the reconciliation settles it later', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'PENDING');
    const res = await returnTo(merchantOrderId);
    expect(res.headers.location).toBe(`/payment?orderId=${order.id}&outcome=pending`);
    expect(await paymentRow(attemptId)).toMatchObject({
      status: 'pending',
      providerStatus: 'pending',
    });
    const again = await pay(t.app, shopper.token, order.id, validFields('phonepe'));
    expect(again.statusCode).toBe(409);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    // the bank confirms; no webhook reaches the store, the job asks PhonePe
    fake.pay(merchantOrderId, 'COMPLETED');
    const report = await reconcilePayments(t.db, config, {
      now: new Date(Date.now() + 3 * 60_000),
    });
    expect(report.applied).toBeGreaterThanOrEqual(1);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect(await paymentRow(attemptId)).toMatchObject({
      status: 'succeeded',
      providerReference: merchantOrderId,
    });
  });

  it('a webhook whose Authorization is not the hash of the username and password is refused; a forged body with the right one pays nothing', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'PENDING');
    const wrong = await webhook('checkout.order.completed', merchantOrderId, {
      authorization: '0'.repeat(64),
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await webhook('checkout.order.completed', merchantOrderId, {
      authorization: `Basic ${Buffer.from('kagaz_hooks:hookpass123').toString('base64')}`,
    });
    expect(basic.statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/phonepe',
      headers: { 'content-type': 'application/json' },
      payload: fake.webhook('checkout.order.completed', merchantOrderId).rawBody,
    });
    expect(none.statusCode).toBe(401);
    // the header is a fixed hash, not a signature over the body: a body claiming COMPLETED is
    // checked with PhonePe, which says PENDING
    const { authorization, rawBody } = fake.webhook('checkout.order.completed', merchantOrderId);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/phonepe',
      headers: { 'content-type': 'application/json', authorization },
      payload: rawBody.replace('"state":"PENDING"', '"state":"COMPLETED"'),
    });
    expect(forged.json()).toMatchObject({ outcome: 'pending' });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    expect((await paymentRow(attemptId)).status).toBe('pending');
  });

  it('an amount that differs from the order is never paid: 400, kept and flagged for a refund', async () => {
    const { order, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'COMPLETED', 100);
    const res = await webhook('checkout.order.completed', merchantOrderId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Amount does not match the order' });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const [kept] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerReference, merchantOrderId));
    expect(kept).toMatchObject({
      amountPaise: 100,
      needsRefund: true,
      status: 'succeeded',
      providerStatus: 'amount_mismatch',
    });
    // its replay is refused the same and records nothing more
    expect((await webhook('checkout.order.completed', merchantOrderId)).statusCode).toBe(400);
  });

  it('a payment that lands after the order expired is kept and flagged for a refund; the order stays cancelled', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    await expireUnpaidOrders(t.db, { olderThanMs: 0, now: new Date(Date.now() + 1000) });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(4);
    fake.pay(merchantOrderId, 'COMPLETED');
    const res = await webhook('checkout.order.completed', merchantOrderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'succeeded', needsRefund: true });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(4);
    expect(await paymentRow(attemptId)).toMatchObject({ status: 'succeeded', needsRefund: true });
  });

  it('a signed refund event is acknowledged and ignored', async () => {
    const { merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'COMPLETED');
    const res = await webhook('pg.refund.completed', merchantOrderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ignored: true });
  });

  it('PhonePe down: a clear 502, no attempt left behind; a webhook then is answered 502 so PhonePe sends it again', async () => {
    const order = await placeTestOrder(t.app, shopper.token);
    const { merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'COMPLETED');
    fake.down = true;
    try {
      const res = await pay(t.app, shopper.token, order.id, validFields('phonepe'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'bad_gateway' });
      expect(res.json().error).toMatch(/PhonePe could not be reached/);
      const hook = await webhook('checkout.order.completed', merchantOrderId);
      expect(hook.statusCode).toBe(502);
    } finally {
      fake.down = false;
    }
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      0,
    );
    expect((await webhook('checkout.order.completed', merchantOrderId)).json()).toMatchObject({
      outcome: 'succeeded',
    });
  });
});

describe('PhonePe OAuth token', () => {
  it('is kept until shortly before its expires_at, fetched again after it, and once more when PhonePe refuses it', async () => {
    const known = [...fake.orders.keys()][0]!;
    const pp = config.phonepe!;
    const before = fake.tokensIssued;
    await phonepeOrderStatus(pp, known);
    await phonepeOrderStatus(pp, known);
    // a token already issued is reused
    expect(fake.tokensIssued).toBe(before);
    // refused (expired early or revoked): one new token and the call goes through
    fake.revokeTokens();
    const status = await phonepeOrderStatus(pp, known);
    expect(status).toMatchObject({ state: expect.any(String) });
    expect(fake.tokensIssued).toBe(before + 1);
    // tokens about to expire are not used: each call fetches a fresh one
    fake.tokenLifetimeSeconds = 30;
    try {
      fake.revokeTokens();
      await phonepeOrderStatus(pp, known);
      await phonepeOrderStatus(pp, known);
      expect(fake.tokensIssued).toBe(before + 3);
    } finally {
      fake.tokenLifetimeSeconds = 3600;
    }
    const tokenCall = fake.calls.filter((c) => c === 'POST /v1/oauth/token');
    expect(tokenCall.length).toBe(fake.tokensIssued);
  });
});

describe('PhonePe refunds', () => {
  const refund = (attemptId: string, amount: number, reference: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/operator/payments/${attemptId}/refunds`,
      headers: authHeader(operator),
      payload: { amount, reference },
    });

  it('refunds part, then the rest, through its API with our refund id as merchantRefundId, once per reference; settled by the reconciliation with credit notes', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'COMPLETED');
    await returnTo(merchantOrderId);
    const total = Math.round(order.total * 100);
    const half = Math.floor(total / 2);
    const first = await refund(attemptId, half / 100, 'part-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'requested', providerRefundId: first.json().id });
    expect(fake.refunds.get(first.json().id)).toMatchObject({
      originalMerchantOrderId: merchantOrderId,
      amount: half,
      state: 'PENDING',
    });
    // the same reference again: the first record, PhonePe not asked twice
    await refund(attemptId, half / 100, 'part-1');
    expect(fake.calls.filter((c) => c === 'POST /payments/v2/refund')).toHaveLength(1);

    const rest = await refund(attemptId, (total - half) / 100, 'rest');
    expect(rest.statusCode).toBe(200);
    expect(fake.refunds.get(rest.json().id)).toMatchObject({ amount: total - half });

    fake.refunds.get(first.json().id)!.state = 'COMPLETED';
    fake.refunds.get(rest.json().id)!.state = 'COMPLETED';
    const report = await reconcilePayments(t.db, config);
    expect(report.refundsSettled).toBe(2);
    for (const id of [first.json().id, rest.json().id]) {
      const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, id));
      expect(settled!.status).toBe('succeeded');
      expect(await t.db.select().from(invoices).where(eq(invoices.refundId, id))).toMatchObject([
        { kind: 'credit_note' },
      ]);
    }
    expect((await paymentRow(attemptId)).refundedPaise).toBe(total);
  });

  it('a refund whose answer was lost is found by its merchantRefundId, not asked again; a failed one is marked failed', async () => {
    const { order, attemptId, merchantOrderId } = await startPhonePe();
    fake.pay(merchantOrderId, 'COMPLETED');
    await returnTo(merchantOrderId);
    const ours = (await refund(attemptId, order.total, 'lost-answer')).json();
    await t.db.update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, ours.id));
    const before = fake.calls.filter((c) => c === 'POST /payments/v2/refund').length;
    await reconcilePayments(t.db, config);
    expect(fake.calls.filter((c) => c === 'POST /payments/v2/refund')).toHaveLength(before);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, ours.id));
    expect(row!.providerRefundId).toBe(ours.id);

    fake.refunds.get(ours.id)!.state = 'FAILED';
    await reconcilePayments(t.db, config);
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.id, ours.id));
    expect(failed!.status).toBe('failed');
  });
});
