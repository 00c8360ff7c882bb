import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, payments } from '../../db/schema';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import {
  decideInSandbox,
  orderStatusOf,
  pay,
  postForm,
  specFormFields,
  validFields,
} from '../../test/pay-order';
import { UPI_MAX_PAISE, UPI_QR_LIFETIME_MS, upiMessages } from '@store/contracts/payment-rules';
import { formatPaise } from '@store/contracts/money';
import { apiRefundProviders } from '@store/contracts/payments';
import { defaultPaymentsEnv, paymentConfigFromEnv } from './payment-config';
import { paymentProviders } from './providers';
import { signSandboxNotification } from './providers/sandbox';
import { signSandboxToken } from './sandbox-token';
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
    // cash on delivery last: the store has it on by default
    expect((method.options as { value: string }[]).map((o) => o.value)).toEqual([
      'upi_qr',
      'upi_app',
      'gateway',
      'cod',
    ]);
    expect(fields.some((f) => f.inline)).toBe(true);
    expect(fields.some((f) => f.mask)).toBe(true);
    expect(
      fields.some((f) =>
        String((f.rules as { pattern?: string } | undefined)?.pattern ?? '').startsWith('/'),
      ),
    ).toBe(true);
    expect(fields.find((f) => f.name === 'gstin')!.showWhenFilled).toEqual(['companyName']);
    // the payer's UPI ID is asked for the UPI methods only, not for the gateway or cash
    expect(fields.find((f) => f.name === 'upiId')!.showWhenValue).toEqual({
      method: ['upi_qr', 'upi_app'],
    });
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

/** The sandbox "phone" link POST /payments gives the owner of a UPI attempt, split up. */
function sandboxLink(body: { action: { sandboxUrl: string } }) {
  const url = new URL(body.action.sandboxUrl, 'http://store');
  return {
    path: body.action.sandboxUrl,
    paymentId: url.searchParams.get('paymentId')!,
    token: url.searchParams.get('token')!,
  };
}

const attemptsOf = (orderId: string) =>
  t.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('UPI', () => {
  it('answers a QR with the NPCI link for the stored amount, and reuses the open attempt', async () => {
    const order = await newOrder();
    const first = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.success).toBe(true);
    expect(body.action.type).toBe('qr');
    const link = new URL(body.action.qr.replace('upi://', 'http://upi/'));
    // no UPI_VPA in a demo store: a payee no bank resolves, never a real-looking handle
    expect(link.searchParams.get('pa')).toBe('demo-store@sandbox');
    expect(link.searchParams.get('am')).toBe(order.total.toFixed(2));
    expect(link.searchParams.get('cu')).toBe('INR');
    expect(body.action.paymentId).toBe(link.searchParams.get('tr'));
    const again = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(again.json()).toEqual(body);
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });
  it('answers a deeplink when the UPI app is on this phone', async () => {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('upi_app'))).json();
    expect(body.action.type).toBe('deeplink');
    expect(body.redirectUrl).toMatch(/^upi:\/\/pay\?/);
    expect(body.action.redirectUrl).toBe(body.redirectUrl);
  });
  it("keeps the shopper's UPI ID with the attempt", async () => {
    const order = await newOrder();
    await pay(t.app, shopper.token, order.id, validFields('upi_qr', { upiId: 'asha.v@okaxis' }));
    expect((await attemptsOf(order.id))[0]!.payerVpa).toBe('asha.v@okaxis');
  });
  it('is offered up to ₹1,00,000: above it UPI is refused with the message, other methods still work', async () => {
    const order = await newOrder();
    await t.db
      .update(orders)
      .set({ totalPaise: UPI_MAX_PAISE + 1 })
      .where(eq(orders.id, order.id));
    for (const method of ['upi_qr', 'upi_app']) {
      const res = await pay(t.app, shopper.token, order.id, validFields(method));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ method: upiMessages.overLimit });
    }
    expect(await attemptsOf(order.id)).toHaveLength(0);
    expect((await pay(t.app, shopper.token, order.id, validFields('gateway'))).statusCode).toBe(
      200,
    );
    // exactly the cap is still UPI
    await t.db.update(orders).set({ totalPaise: UPI_MAX_PAISE }).where(eq(orders.id, order.id));
    expect((await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).statusCode).toBe(200);
  });
  it('a QR expires after 15 minutes: the next submit gets a new one, and the old one cannot be approved', async () => {
    const order = await newOrder();
    const before = Date.now();
    const body = (await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).json();
    const expiresAt = Date.parse(body.action.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + UPI_QR_LIFETIME_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + UPI_QR_LIFETIME_MS);
    // fifteen minutes later
    await t.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, body.action.paymentId));
    const fresh = (await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).json();
    expect(fresh.action.paymentId).not.toBe(body.action.paymentId);
    expect(fresh.action.qr).not.toBe(body.action.qr);
    // the old attempt's link carried a token that expired with the QR
    const expiredToken = signSandboxToken(
      secret,
      body.action.paymentId,
      new Date(Date.now() - 1000),
    );
    const refused = await decideInSandbox(t.app, body.action.paymentId, 'approve', expiredToken);
    expect(refused.statusCode).toBe(403);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
  it("is completed from the owner's sandbox UPI link, and the order becomes Processing", async () => {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).json();
    const link = sandboxLink(body);
    expect(link.paymentId).toBe(body.action.paymentId);
    const page = await t.app.inject({ method: 'GET', url: link.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/sandbox-gateway/pay/${link.paymentId}/approve`);
    expect(page.body).toContain(`name="token" value="${link.token}"`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const approved = await decideInSandbox(t.app, link.paymentId, 'approve', link.token, {
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('Payment approved');
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    expect((await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).statusCode).toBe(409);
  });
});

describe('sandbox approval belongs to the order owner', () => {
  async function openUpi() {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).json();
    return { order, ...sandboxLink(body) };
  }

  it('a visitor who knows the order id or payment id sees no attempt and no buttons', async () => {
    const { order, paymentId } = await openUpi();
    for (const url of [
      `/sandbox-gateway/upi?orderId=${order.id}`,
      `/sandbox-gateway/upi?paymentId=${paymentId}`,
      `/sandbox-gateway/pay?paymentId=${paymentId}`,
      `/sandbox-gateway/upi?paymentId=${paymentId}&token=1.${'0'.repeat(64)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain(paymentId);
      expect(res.body, url).not.toContain('sandbox-approve');
    }
  });
  it('refuses approval without a token, with a forged one, or with the token of another attempt', async () => {
    const { order, paymentId } = await openUpi();
    const other = await openUpi();
    const forged = `${Math.floor(Date.now() / 1000) + 600}.${hmacSha256Hex('guessed', paymentId)}`;
    for (const token of [undefined, '', forged, other.token]) {
      const res = await decideInSandbox(t.app, paymentId, 'approve', token);
      expect(res.statusCode, String(token)).toBe(403);
      expect(res.body).toContain('Not allowed');
    }
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    expect((await attemptsOf(order.id))[0]!.status).toBe('pending');
  });
  it('refuses a cross-site post even with the right token', async () => {
    const { order, paymentId, token } = await openUpi();
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of crossSite) {
      const res = await decideInSandbox(t.app, paymentId, 'approve', token, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    // the owner's own page posting the form is accepted
    const ok = await decideInSandbox(t.app, paymentId, 'approve', token, {
      'sec-fetch-site': 'same-origin',
      referer: `http://localhost:80/sandbox-gateway/upi?paymentId=${paymentId}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
});

describe('sandbox gateway', () => {
  async function startGateway() {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    const data = body.action.formParams.data as Record<string, string>;
    return { order, body, paymentId: data.paymentId!, token: data.token! };
  }

  it('answers redirect_post to the hosted page, which shows merchant, order and amount', async () => {
    const { order, body, token } = await startGateway();
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
    expect(page.body).toContain(`name="token" value="${token}"`);
  });
  it('refuses a merchant request with an altered amount or without the owner token', async () => {
    const { body } = await startGateway();
    const fields = specFormFields({
      ...body.action.formParams,
      data: { ...body.action.formParams.data, amount: '1.00' },
    });
    expect((await postForm(t.app, '/sandbox-gateway/pay', fields)).statusCode).toBe(400);
    const { token: _token, ...withoutToken } = body.action.formParams.data;
    const page = await postForm(
      t.app,
      '/sandbox-gateway/pay',
      specFormFields({ ...body.action.formParams, data: withoutToken }),
    );
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toContain('sandbox-approve');
  });
  it('approve: notifies the store and returns the shopper to /order-success', async () => {
    const { order, paymentId, token } = await startGateway();
    const res = await decideInSandbox(t.app, paymentId, 'approve', token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-success?orderId=${order.id}`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    const again = await decideInSandbox(t.app, paymentId, 'approve', token);
    expect(again.headers.location).toBe(`/order-success?orderId=${order.id}`);
    // the same money twice is one payment, not a refund
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.needsRefund).toBe(false);
  });
  it('decline: back to /payment with the reason, order still Pending, and a new attempt pays it', async () => {
    const { order, paymentId, token } = await startGateway();
    const res = await decideInSandbox(t.app, paymentId, 'decline', token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment?orderId=${order.id}&reason=Payment+declined`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const retry = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    const retryId = retry.action.formParams.data.paymentId;
    expect(retryId).not.toBe(paymentId);
    await decideInSandbox(t.app, retryId, 'approve', retry.action.formParams.data.token);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
  it('the return page alone never marks an order paid', async () => {
    const { order } = await startGateway();
    await t.app.inject({ method: 'GET', url: `/order-success?orderId=${order.id}` });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
});

describe('signed notifications', () => {
  async function openAttempt(method = 'gateway') {
    const order = await newOrder();
    const body = (await pay(t.app, shopper.token, order.id, validFields(method))).json();
    return { order, paymentId: body.action.paymentId as string, amount: toPaise(order.total) };
  }
  const captured = (paymentId: string, amount: number, eventId?: string) =>
    signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId,
      amount,
      ...(eventId ? { eventId } : {}),
    });
  const eventsOf = (paymentId: string) =>
    t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));

  it('refuses unsigned, forged and tampered notifications without any change', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const { rawBody, signature } = captured(paymentId, amount);
    expect((await webhook(rawBody)).statusCode).toBe(401);
    expect((await webhook(rawBody, hmacSha256Hex('guessed-secret', rawBody))).statusCode).toBe(401);
    expect(
      (await webhook(rawBody.replace(`"amount":${amount}`, `"amount":${amount + 1}`), signature))
        .statusCode,
    ).toBe(401);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    expect(await eventsOf(paymentId)).toHaveLength(0);
  });
  it('an amount that differs from the order: 400, order Pending, the money recorded and flagged', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const { rawBody, signature } = captured(paymentId, amount - 100);
    const res = await webhook(rawBody, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Amount does not match the order');
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const rows = await attemptsOf(order.id);
    const flagged = rows.find((r) => r.id !== paymentId)!;
    expect(flagged).toMatchObject({
      amountPaise: amount - 100,
      status: 'succeeded',
      needsRefund: true,
      providerStatus: 'amount_mismatch',
    });
    expect(rows.find((r) => r.id === paymentId)!.status).toBe('pending');
    expect(await eventsOf(flagged.id)).toHaveLength(1);
    // the shopper is not told an underpaid order is paid (issue 23)
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: authHeader(shopper.token),
    });
    expect(seen.json()).toMatchObject({ status: 0, paymentStatus: 'unpaid' });
    // its replay is answered the same and records nothing more
    expect((await webhook(rawBody, signature)).statusCode).toBe(400);
    expect(await attemptsOf(order.id)).toHaveLength(2);
  });
  it('applies a valid notification once; its replay answers 200 with the earlier outcome', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const { rawBody, signature } = captured(paymentId, amount);
    const ok = await webhook(rawBody, signature);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      orderId: order.id,
      paymentId,
      outcome: 'succeeded',
    });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    const replay = await webhook(rawBody, signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'succeeded', replayed: true });
    expect(await eventsOf(paymentId)).toHaveLength(1);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
  it('a second paid attempt for an already-paid order is kept and flagged for a refund', async () => {
    const first = await openAttempt('gateway');
    const order = first.order;
    // a UPI attempt opened before the gateway payment went through, paid late
    const upi = (await pay(t.app, shopper.token, order.id, validFields('upi_qr'))).json();
    const paid = captured(first.paymentId, first.amount);
    expect((await webhook(paid.rawBody, paid.signature)).statusCode).toBe(200);
    const late = captured(upi.action.paymentId, first.amount);
    const res = await webhook(late.rawBody, late.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'succeeded', needsRefund: true });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, upi.action.paymentId));
    expect(row).toMatchObject({ status: 'succeeded', needsRefund: true });
    expect(await eventsOf(upi.action.paymentId)).toHaveLength(1);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
  it('money for a cancelled order is kept and flagged; the order stays cancelled', async () => {
    const { order, paymentId, amount } = await openAttempt();
    await t.db.update(orders).set({ status: 4 }).where(eq(orders.id, order.id));
    const { rawBody, signature } = captured(paymentId, amount);
    expect((await webhook(rawBody, signature)).json()).toMatchObject({ needsRefund: true });
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(4);
    const flagged = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.needsRefund, true)));
    expect(flagged.map((p) => p.id)).toEqual([paymentId]);
  });
  it('a late failure after the success does not un-pay', async () => {
    const { order, paymentId, amount } = await openAttempt();
    const ok = captured(paymentId, amount);
    await webhook(ok.rawBody, ok.signature);
    const failed = signSandboxNotification(secret, {
      event: 'payment.failed',
      paymentId,
      amount,
      reason: 'late',
    });
    expect((await webhook(failed.rawBody, failed.signature)).statusCode).toBe(200);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe('succeeded');
    expect(await eventsOf(paymentId)).toHaveLength(2);
  });
  it('answers 404 for an unknown payment, and still keeps the event', async () => {
    const { rawBody, signature } = captured('PAYNOPE', 100, 'EVT-UNKNOWN-PAYMENT-1');
    expect((await webhook(rawBody, signature)).statusCode).toBe(404);
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'EVT-UNKNOWN-PAYMENT-1'));
    expect(event).toMatchObject({ provider: 'sandbox', paymentId: null });
  });
});

describe('one provider interface (providers/index.ts)', () => {
  it('each provider settles its own attempts; a refunding one both asks and checks', () => {
    for (const [id, provider] of Object.entries(paymentProviders)) {
      expect(provider.id).toBe(id);
      expect(provider.settles).toContain(id);
      if (provider.refunds) {
        expect(typeof provider.refunds.request).toBe('function');
        expect(typeof provider.refunds.status).toBe('function');
      }
    }
    // the back office names the gateways that refund by API: the same list, the same names
    expect(apiRefundProviders).toEqual(
      Object.fromEntries(
        Object.values(paymentProviders)
          .filter((p) => p.refunds)
          .map((p) => [p.id, p.label]),
      ),
    );
    // the demo sandbox plays the UPI PSP; PayU settles only PayU's attempts
    expect(paymentProviders.sandbox.settles).toEqual(['sandbox', 'upi']);
    expect(paymentProviders.payu.settles).toEqual(['payu']);
  });

  it('a webhook or return for a provider that is unknown, not configured here or takes none is a 404 with its JSON, and changes nothing', async () => {
    const before = await t.db.select().from(paymentEvents);
    const paths = [
      '/api/v1/payments/webhooks/nobody',
      '/api/v1/payments/webhooks/payu', // no PAYU_KEY here
      '/api/v1/payments/webhooks/upi', // the UPI intent has no webhook of its own
      '/api/v1/payments/webhooks/__proto__',
      '/api/v1/payments/payu/return',
      '/api/v1/payments/sandbox/return',
    ];
    for (const url of paths) {
      const res = await postForm(t.app, url, { status: 'success', txnid: 'x' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: 'Unknown payment provider' });
    }
    expect(await t.db.select().from(paymentEvents)).toHaveLength(before.length);
  });
});

describe('Idempotency-Key on POST /payments', () => {
  const submit = (orderId: string, key: string, fields: Record<string, string | boolean>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { ...authHeader(shopper.token), 'idempotency-key': key },
      payload: { orderId, fields },
    });

  it('a retry with the same key gets the first answer; another body with the key is 422', async () => {
    const order = await newOrder();
    const key = `pay-${order.id}`;
    const first = await submit(order.id, key, validFields('gateway'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await submit(order.id, key, validFields('gateway'));
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // the same answer byte for byte, including the sandbox token: no second attempt
    expect(retry.json()).toEqual(first.json());
    expect(await attemptsOf(order.id)).toHaveLength(1);
    const other = await submit(order.id, key, validFields('upi_qr'));
    expect(other.statusCode).toBe(422);
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });
  it('a refused submit stores nothing, so the corrected retry with the key runs', async () => {
    const order = await newOrder();
    const key = `pay-bad-${order.id}`;
    const bad = await submit(order.id, key, validFields('gateway', { consent: false }));
    expect(bad.statusCode).toBe(400);
    const fixed = await submit(order.id, key, validFields('gateway', { consent: false }));
    expect(fixed.statusCode).toBe(400);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await attemptsOf(order.id)).toHaveLength(0);
  });
});
