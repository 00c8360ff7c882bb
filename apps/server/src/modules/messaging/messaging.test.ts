import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageOutbox, orders } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { startFakeMsg91, type FakeMsg91 } from '../../test/fake-msg91';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../test/fake-whatsapp';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import { signInStaff } from '../../test/staff';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  testJwtSecret,
  type TestUser,
} from '../../test/test-app';
import { transitionOrder } from '../orders/order-transitions.service';
import { liveModeProblems } from '../payments/live-mode';
import {
  defaultPaymentsEnv,
  derivedSandboxSecret,
  paymentConfigFromEnv,
} from '../payments/payment-config';
import { recordRefund } from '../payments/refunds.service';
import { deliverDueMessages } from './message-sender.service';
import { queueMessage, queueOrderMessage } from './message-outbox.service';
import { messagingConfigFromEnv, type MessagingEnv } from './registry';
import { defaultWhatsAppTemplates } from './whatsapp-cloud-provider';

const BASE = 'https://shop.example.in';
const PHONE = '+919876543210';
const WA = { phoneNumberId: '1098765432', accessToken: 'EAAG-test-token' };
const MSG91 = { authKey: '412345AbCdEf', templateIds: Object.keys(defaultWhatsAppTemplates) };

const paymentConfig = paymentConfigFromEnv(defaultPaymentsEnv, derivedSandboxSecret(testJwtSecret));

let t: TestApp;
let shopper: TestUser;
let whatsapp: FakeWhatsApp;
let msg91: FakeMsg91;

const msg91Env = (): MessagingEnv => ({
  MSG91_API_URL: msg91.url,
  MSG91_AUTH_KEY: MSG91.authKey,
  MSG91_SENDER_ID: 'KGZKLM',
  // MSG91 template id per kind: the fake knows each kind's name as an id
  MSG91_TEMPLATE_IDS: JSON.stringify(Object.fromEntries(MSG91.templateIds.map((k) => [k, k]))),
});
const whatsAppEnv = (token = WA.accessToken): MessagingEnv => ({
  WHATSAPP_API_URL: whatsapp.url,
  WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
  WHATSAPP_ACCESS_TOKEN: token,
});
const both = () => messagingConfigFromEnv({ ...whatsAppEnv(), ...msg91Env() });

/** The messages job's run, as at `inMs` from now (a retry's delay passed). */
const deliver = (config = both(), inMs = 0) =>
  deliverDueMessages(t.db, config, { baseUrl: BASE, now: new Date(Date.now() + inMs) });

const rowsOf = (orderId: string) =>
  t.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.storeId, DEFAULT_STORE_ID))
    .then((rows) => rows.filter((r) => r.data.orderId === orderId));

/** Places an order through POST /orders, with or without the checkout's consent. */
async function placeOrder(messagesConsent?: boolean) {
  const products = Object.fromEntries((await plainProducts(t.app, 1)).map((p) => [p.id, 1]));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: {
      products,
      shippingAddress: testShippingAddress,
      ...(messagesConsent === undefined ? {} : { messagesConsent }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function payInSandbox(orderId: string) {
  const body = (await pay(t.app, shopper.token, orderId, validFields('gateway'))).json();
  const { paymentId, token } = body.action.formParams.data;
  await decideInSandbox(t.app, paymentId, 'approve', token);
  return paymentId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  whatsapp = await startFakeWhatsApp({
    ...WA,
    templates: Object.values(defaultWhatsAppTemplates),
  });
  msg91 = await startFakeMsg91(MSG91);
});
afterAll(async () => {
  await whatsapp.close();
  await msg91.close();
  await t.close();
});
beforeEach(async () => {
  // every test starts with nothing due: what an earlier one left is sent in the demo
  await deliver(messagingConfigFromEnv({}), 24 * 60 * 60_000);
  whatsapp.sent.length = 0;
  msg91.sent.length = 0;
  whatsapp.undeliverable.clear();
});

describe('consent at checkout', () => {
  it('records the consent on the order and queues its "placed" message; without it neither', async () => {
    const consented = await placeOrder(true);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, consented));
    expect(order!.messagesConsentAt).toBeInstanceOf(Date);
    const [row] = await rowsOf(consented);
    expect(row).toMatchObject({
      kind: 'order_placed',
      dedupeKey: `order:${consented}:placed`,
      toPhone: PHONE,
      whatsappOptIn: true,
      status: 'pending',
    });

    // anything but a boolean is refused, not read as consent
    const products = Object.fromEntries((await plainProducts(t.app, 1)).map((p) => [p.id, 1]));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products, shippingAddress: testShippingAddress, messagesConsent: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('code');

    for (const consent of [false, undefined]) {
      const id = await placeOrder(consent);
      const [plain] = await t.db.select().from(orders).where(eq(orders.id, id));
      expect(plain!.messagesConsentAt).toBeNull();
      expect(await rowsOf(id)).toEqual([]);
    }
  });

  it('without consent no order update goes out, but the cash-on-delivery code still does, by SMS', async () => {
    const id = await placeOrder();
    await payInSandbox(id);
    await transitionOrder(t.db, id, 'ship', {
      carrier: 'India Post',
      trackingNumber: 'EE123456785IN',
    });
    await t.db.transaction(async (tx) => {
      await queueOrderMessage(tx, id, 'out_for_delivery');
      await queueOrderMessage(tx, id, 'delivered');
      await queueMessage(tx, {
        storeId: DEFAULT_STORE_ID,
        kind: 'cod_otp',
        key: `cod_otp:${id}:1`,
        toPhone: '98765 43210',
        data: { code: '482913', orderId: id },
      });
    });
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.kind)).toEqual(['cod_otp']);
    expect(rows[0]).toMatchObject({ toPhone: PHONE, whatsappOptIn: false });

    expect(await deliver()).toMatchObject({ sent: 1 });
    // no opt-in: not WhatsApp, whatever is configured
    expect(whatsapp.sent).toEqual([]);
    expect(msg91.sent).toEqual([
      expect.objectContaining({ mobiles: '919876543210', templateId: 'cod_otp', vars: ['482913'] }),
    ]);
    const [sent] = await rowsOf(id);
    expect(sent).toMatchObject({ status: 'sent', channel: 'sms' });
    // the code is kept only until sent
    expect(sent!.data).toEqual({ orderId: id });
  });
});

describe('sending', () => {
  it('sends by WhatsApp with the approved template and its parameters; dispatch carries the track-order link', async () => {
    const id = await placeOrder(true);
    await payInSandbox(id);
    await transitionOrder(t.db, id, 'ship', {
      carrier: 'India Post',
      trackingNumber: 'EE123456785IN',
    });
    expect(await deliver()).toMatchObject({ sent: 2, failed: 0 });
    expect(whatsapp.sent.map((m) => [m.template, m.to, m.language])).toEqual([
      ['order_placed', '919876543210', 'en'],
      ['order_shipped', '919876543210', 'en'],
    ]);
    const [, shipped] = whatsapp.sent;
    expect(shipped!.params).toEqual([
      'Kagaz & Kalam',
      id,
      'India Post EE123456785IN',
      `${BASE}/track-order?id=${id}`,
    ]);
    const rows = await rowsOf(id);
    expect(rows.every((r) => r.status === 'sent' && r.channel === 'whatsapp')).toBe(true);
    expect(rows.map((r) => r.providerMessageId).sort()).toEqual(
      whatsapp.sent.map((m) => m.id).sort(),
    );
    expect(msg91.sent).toEqual([]);
  });

  it('out for delivery, delivered and each refund: once per order and event (a refund once per refund)', async () => {
    const id = await placeOrder(true);
    const paymentId = await payInSandbox(id);
    await transitionOrder(t.db, id, 'ship', {
      carrier: 'India Post',
      trackingNumber: 'EE123456785IN',
    });
    for (let i = 0; i < 2; i++)
      await t.db.transaction((tx) => queueOrderMessage(tx, id, 'out_for_delivery'));
    await transitionOrder(t.db, id, 'deliver');
    const refund = (amountPaise: number, reference: string) =>
      recordRefund(t.db, paymentConfig, { paymentId, amountPaise, reference });
    await refund(100, 'NEFT-1');
    await refund(200, 'NEFT-2');
    expect((await rowsOf(id)).map((r) => r.kind).sort()).toEqual([
      'order_delivered',
      'order_placed',
      'order_shipped',
      'out_for_delivery',
      'refund_issued',
      'refund_issued',
    ]);
    await deliver(messagingConfigFromEnv(msg91Env()));
    const refunds = msg91.sent.filter((m) => m.templateId === 'refund_issued');
    expect(refunds.map((m) => m.vars[1]).sort()).toEqual(['Rs 1.00', 'Rs 2.00']);
    const out = msg91.sent.find((m) => m.templateId === 'out_for_delivery');
    expect(out?.vars).toEqual(['Kagaz & Kalam', id, `${BASE}/track-order?id=${id}`]);
  });

  it('a permanent WhatsApp failure (not a WhatsApp number) goes by SMS at once', async () => {
    const id = await placeOrder(true);
    whatsapp.undeliverable.add('919876543210');
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(whatsapp.sent).toEqual([]);
    expect(msg91.sent).toHaveLength(1);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'sent', channel: 'sms', attempts: 1 });
    expect(row!.lastError).toMatch(/131026/);
  });

  it('an invalid token is permanent too: SMS when configured, else the message fails', async () => {
    const bad = messagingConfigFromEnv({ ...whatsAppEnv('expired'), ...msg91Env() });
    const first = await placeOrder(true);
    expect(await deliver(bad)).toMatchObject({ sent: 1 });
    expect((await rowsOf(first))[0]).toMatchObject({ channel: 'sms', status: 'sent' });
    expect((await rowsOf(first))[0]!.lastError).toMatch(/190/);

    const second = await placeOrder(true);
    expect(await deliver(messagingConfigFromEnv(whatsAppEnv('expired')))).toMatchObject({
      failed: 1,
    });
    expect((await rowsOf(second))[0]).toMatchObject({ status: 'failed', channel: 'whatsapp' });
  });

  it('a rate limit is retried later on the same channel, not sent twice', async () => {
    const id = await placeOrder(true);
    whatsapp.rateLimitNext = 1;
    expect(await deliver()).toMatchObject({ retrying: 1, sent: 0 });
    const [waiting] = await rowsOf(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, channel: 'whatsapp' });
    expect(waiting!.lastError).toMatch(/130429/);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // not due yet
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 0 });
    expect(await deliver(both(), 2 * 60_000)).toMatchObject({ sent: 1 });
    expect(whatsapp.sent).toHaveLength(1);
    expect(msg91.sent).toEqual([]);
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('WhatsApp still refusing at the last attempt: SMS takes it', async () => {
    const id = await placeOrder(true);
    whatsapp.rateLimitNext = 1;
    const report = await deliverDueMessages(t.db, both(), { baseUrl: BASE, maxAttempts: 1 });
    expect(report).toMatchObject({ sent: 1, retrying: 0 });
    expect(msg91.sent).toHaveLength(1);
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'sent', channel: 'sms', attempts: 1 });
  });

  it('the same key queued again (a replay) is one message', async () => {
    const id = await placeOrder(true);
    const otp = {
      storeId: DEFAULT_STORE_ID,
      kind: 'cod_otp' as const,
      key: `cod_otp:${id}:replay`,
      toPhone: PHONE,
      data: { code: '111222', orderId: id },
    };
    await t.db.transaction(async (tx) => {
      await queueMessage(tx, otp);
      await queueMessage(tx, { ...otp, data: { code: '999999', orderId: id } });
      await queueOrderMessage(tx, id, 'placed');
    });
    expect(await rowsOf(id)).toHaveLength(2);
    await deliver();
    await deliver(both(), 60 * 60_000);
    // opted in at checkout: the code may go by WhatsApp, with its copy-code button's parameter
    // queued in one transaction, so either may go first
    const sent = whatsapp.sent.map((m) => [m.template, m.params]);
    expect(sent.sort((a, b) => String(b[0]).localeCompare(String(a[0])))).toEqual([
      ['order_placed', ['Kagaz & Kalam', id, expect.stringMatching(/^Rs \d+\.\d\d$/)]],
      ['cod_otp', ['111222']],
    ]);
  });

  it('in live mode without a provider a message is skipped, never shown as sent', async () => {
    const id = await placeOrder(true);
    expect(await deliver(messagingConfigFromEnv({ NODE_ENV: 'production' }))).toMatchObject({
      skipped: 1,
    });
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'skipped' });
  });
});

describe('the demo', () => {
  it('"sends" into the demo outbox, listed beside the e-mails with the text of the template', async () => {
    const id = await placeOrder(true);
    await payInSandbox(id);
    await transitionOrder(t.db, id, 'ship', {
      carrier: 'India Post',
      trackingNumber: 'EE123456785IN',
    });
    const { messaging, mail } = t.app;
    expect(messaging.demo).toBe(true);
    await deliverDueMessages(t.db, messaging, { baseUrl: mail.baseUrl });
    const rows = await rowsOf(id);
    expect(rows.every((r) => r.status === 'sent' && r.providerMessageId === `demo:${r.id}`)).toBe(
      true,
    );
    expect(rows.map((r) => r.channel)).toEqual(['whatsapp', 'whatsapp']);
    expect(whatsapp.sent).toEqual([]);

    const staff = await signInStaff(t.app, t.db, 'staff');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: staff.headers,
    });
    const browser = { accept: 'text/html' };
    const opened = await t.app.inject({ method: 'GET', url: ticket.json().url, headers: browser });
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const page = await t.app.inject({
      method: 'GET',
      url: '/demo/outbox',
      headers: { ...browser, cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>WhatsApp and SMS</h2>');
    expect(page.body).toContain(
      `Kagaz &amp; Kalam: your order ${id} is on its way (India Post EE123456785IN). Track it: ${mail.baseUrl}/track-order?id=${id}`,
    );
    expect(page.body).toMatch(
      /data-testid="outbox-message" data-kind="order_shipped" data-channel="whatsapp"><td>\+919876543210<\/td><td>WhatsApp<\/td>/,
    );
  });
});

describe('live mode', () => {
  const live = {
    ...defaultPaymentsEnv,
    NODE_ENV: 'production',
    PAYMENT_METHODS: 'upi_qr',
    UPI_VPA: 'shop@okaxis',
    JWT_SECRET: 'x'.repeat(40),
    PUBLIC_BASE_URL: BASE,
    SMTP_URL: 'smtps://u:p@smtp.example.in:465',
  };
  const messagingProblems = (e: MessagingEnv) =>
    liveModeProblems({ ...live, ...e }).filter((p) => /whatsapp|msg91/i.test(p));

  it('refuses a half-configured provider and MSG91 template ids missing a kind; none or all is fine', () => {
    expect(messagingProblems({})).toEqual([]);
    expect(messagingProblems({ WHATSAPP_ACCESS_TOKEN: 'EAAG' })).toEqual([
      expect.stringMatching(/^WhatsApp is half-configured: WHATSAPP_PHONE_NUMBER_ID is not set/),
    ]);
    expect(messagingProblems({ MSG91_AUTH_KEY: 'k', MSG91_SENDER_ID: 'KGZKLM' })).toEqual([
      expect.stringMatching(/^MSG91 \(SMS\) is half-configured: MSG91_TEMPLATE_IDS is not set/),
    ]);
    expect(
      messagingProblems({
        MSG91_AUTH_KEY: 'k',
        MSG91_SENDER_ID: 'KGZKLM',
        MSG91_TEMPLATE_IDS: '{"order_placed":"64f0"}',
      }),
    ).toEqual([expect.stringMatching(/MSG91_TEMPLATE_IDS has no template id for order_shipped/)]);
    expect(messagingProblems({ WHATSAPP_TEMPLATES: '{"order_paid":"paid"}' })).toEqual([
      expect.stringMatching(/^WHATSAPP_TEMPLATES must be a JSON object from message kind/),
    ]);
    expect(
      messagingProblems({
        WHATSAPP_ACCESS_TOKEN: 'EAAG',
        WHATSAPP_PHONE_NUMBER_ID: '1098',
        MSG91_AUTH_KEY: 'k',
        MSG91_SENDER_ID: 'KGZKLM',
        MSG91_TEMPLATE_IDS: JSON.stringify(
          Object.fromEntries(MSG91.templateIds.map((k) => [k, `id-${k}`])),
        ),
      }),
    ).toEqual([]);
  });

  it('a half-configured provider is left out outside live mode: the demo', () => {
    const config = messagingConfigFromEnv({ WHATSAPP_ACCESS_TOKEN: 'EAAG' });
    expect(config).toEqual({ providers: {}, demo: true });
  });
});
