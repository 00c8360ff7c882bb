import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '../../db/schema';
import { startFakePayu, type FakePayu, payuResponse } from '../../test/fake-payu';
import { orderStatusOf, pay, placePaidOrder, postForm, validFields } from '../../test/pay-order';
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
import { pendingMessage } from './payments.service';
import { reconcilePayments } from './reconcile.service';

const KEY = 'testkey';
const SALT = 'testsalt';
let fake: FakePayu;
let config: PaymentConfig;
let t: TestApp;
let shopper: TestUser;
let operator: string;

beforeAll(async () => {
  fake = await startFakePayu(KEY, SALT);
  config = paymentConfigFromEnv({
    ...defaultPaymentsEnv,
    PAYMENT_METHODS: 'payu,upi_qr,gateway',
    PAYU_KEY: KEY,
    PAYU_SALT: SALT,
    PAYU_API_URL: fake.url,
  });
  t = await createTestApp({ payments: config, publicBaseUrl: 'https://shop.example' });
  shopper = await registerAndLogin(t.app);
  operator = await signOperatorToken(testJwtSecret);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const minutesLater = (m: number) => new Date(Date.now() + m * 60_000);
const reconcile = (m: number) => reconcilePayments(t.db, config, { now: minutesLater(m) });
const paymentRow = async (id: string) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

async function startPayu() {
  const order = await placeTestOrder(t.app, shopper.token);
  const body = (await pay(t.app, shopper.token, order.id, validFields('payu'))).json();
  const data = body.action.formParams.data as Record<string, string>;
  return { order, data, txnid: data.txnid! };
}

const operatorGet = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: authHeader(operator) });
const operatorRefund = (paymentId: string, amount: number, reference: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/operator/payments/${paymentId}/refunds`,
    headers: authHeader(operator),
    payload: { amount, reference },
  });

describe('PayU pending and verify_payment reconciliation', () => {
  it('pending keeps the order Pending, says "being confirmed", and refuses a second payment meanwhile', async () => {
    const { order, data, txnid } = await startPayu();
    const res = await postForm(
      t.app,
      '/api/v1/payments/payu/return',
      payuResponse(SALT, data, 'pending', '7001'),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment?orderId=${order.id}&outcome=pending`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    expect(await paymentRow(txnid)).toMatchObject({ status: 'pending', providerStatus: 'pending' });
    const again = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(pendingMessage);
  });

  it('verify_payment settles an attempt left open, exactly once with the return and the webhook', async () => {
    const { order, data, txnid } = await startPayu();
    fake.transactions.set(txnid, { mihpayid: '7002', status: 'success', amount: data.amount! });
    // too young: the browser return usually comes within two minutes
    expect((await reconcile(1)).checked).toBe(0);
    const report = await reconcile(3);
    expect(report).toMatchObject({ applied: 1, errors: 0 });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    const call = fake.calls.find((c) => c.command === 'verify_payment' && c.var1 === txnid)!;
    expect(call.key).toBe(KEY);
    // the same success arriving by the webhook afterwards is a replay
    const hook = await postForm(
      t.app,
      '/api/v1/payments/webhooks/payu',
      payuResponse(SALT, data, 'success', '7002'),
    );
    expect(hook.json()).toMatchObject({ outcome: 'succeeded', replayed: true });
    expect((await paymentRow(txnid)).needsRefund).toBe(false);
  });

  it('a pending attempt is asked again only after a few minutes, and a failure ends it', async () => {
    const { order, data, txnid } = await startPayu();
    await postForm(
      t.app,
      '/api/v1/payments/payu/return',
      payuResponse(SALT, data, 'pending', '7003'),
    );
    fake.transactions.set(txnid, { mihpayid: '7003', status: 'pending', amount: data.amount! });
    const asked = () =>
      fake.calls.filter((c) => c.command === 'verify_payment' && c.var1 === txnid).length;
    await reconcile(3);
    expect(asked()).toBe(1);
    await reconcile(4);
    expect(asked()).toBe(1);
    fake.transactions.set(txnid, { mihpayid: '7003', status: 'failure', amount: data.amount! });
    await reconcile(9);
    expect(asked()).toBe(2);
    expect(await paymentRow(txnid)).toMatchObject({ status: 'failed', providerStatus: null });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
});

describe('refunds', () => {
  it('a second PayU success for a paid attempt is kept, listed, refunded through PayU and settled by the reconciliation', async () => {
    const { order, data, txnid } = await startPayu();
    await postForm(
      t.app,
      '/api/v1/payments/payu/return',
      payuResponse(SALT, data, 'success', '7101'),
    );
    const second = await postForm(
      t.app,
      '/api/v1/payments/webhooks/payu',
      payuResponse(SALT, data, 'success', '7102'),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ outcome: 'succeeded', needsRefund: true });
    const extraId = second.json().paymentId as string;
    expect(extraId).not.toBe(txnid);
    expect(await paymentRow(extraId)).toMatchObject({
      orderId: order.id,
      providerReference: '7102',
      status: 'succeeded',
      needsRefund: true,
    });

    const due = (await operatorGet('/api/v1/operator/payments/refunds')).json();
    const entry = due.find((d: { paymentId: string }) => d.paymentId === extraId);
    const paise = Math.round(order.total * 100);
    expect(entry).toMatchObject({ orderId: order.id, refundablePaise: paise, provider: 'payu' });

    // more than was paid: refused, nothing asked of PayU
    expect((await operatorRefund(extraId, order.total + 1, 'too-much')).statusCode).toBe(409);
    const res = await operatorRefund(extraId, order.total, 'dup-7102');
    expect(res.statusCode).toBe(200);
    const refund = res.json();
    expect(refund).toMatchObject({ status: 'requested', existing: false });
    const request = fake.calls.find((c) => c.command === 'cancel_refund_transaction')!;
    expect(request).toMatchObject({ var1: '7102', var2: refund.id, var3: data.amount });
    expect(refund.providerRefundId).toBe([...fake.refunds.keys()].at(-1));
    // the same reference again: the first record, PayU not asked twice
    const repeat = await operatorRefund(extraId, order.total, 'dup-7102');
    expect(repeat.json()).toMatchObject({ id: refund.id, existing: true });
    expect(fake.calls.filter((c) => c.command === 'cancel_refund_transaction')).toHaveLength(1);
    // nothing more to refund while the request is open
    expect((await operatorRefund(extraId, 1, 'another')).statusCode).toBe(409);

    fake.refunds.get(refund.providerRefundId)!.status = 'success';
    const report = await reconcile(0);
    expect(report.refundsSettled).toBe(1);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(settled!.status).toBe('succeeded');
    expect(await paymentRow(extraId)).toMatchObject({ refundedPaise: paise, needsRefund: false });
    const after = (await operatorGet('/api/v1/operator/payments/refunds')).json();
    expect(after.some((d: { paymentId: string }) => d.paymentId === extraId)).toBe(false);
  });

  it('a refund the shop made itself counts at once; the flag clears when all is back', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    const [paid] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    await t.db.update(payments).set({ needsRefund: true }).where(eq(payments.id, paid!.id));
    const half = Math.floor(paid!.amountPaise / 2) / 100;
    const first = await operatorRefund(paid!.id, half, 'UTR-111');
    expect(first.json()).toMatchObject({ status: 'succeeded' });
    expect((await paymentRow(paid!.id)).needsRefund).toBe(true);
    const rest = (paid!.amountPaise - Math.round(half * 100)) / 100;
    await operatorRefund(paid!.id, rest, 'UTR-222');
    expect(await paymentRow(paid!.id)).toMatchObject({
      refundedPaise: paid!.amountPaise,
      needsRefund: false,
    });
  });

  it('the operator routes need the operator token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/operator/payments/refunds',
      headers: authHeader(shopper.token),
    });
    expect(res.statusCode).toBe(401);
    expect((await operatorRefund('PAYNOPE', 1, 'x')).statusCode).toBe(404);
  });
});
