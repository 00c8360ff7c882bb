import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paiseToRupeeString, rupeeStringToPaise } from '@store/contracts/money';
import { derivedSandboxSecret, paymentConfigFromEnv, defaultPaymentsEnv } from '../payment-config';
import { payuRequestHash, payuResponseHash, verifyPayuResponse } from './payu';
import { payuProvider, verifyPayuNotification } from './payu-provider';
import { sandboxProvider, signSandboxNotification, verifySandboxNotification } from './sandbox';
import { buildUpiLink } from './upi';
import { upiProvider } from './upi-provider';

const sha512 = (s: string) => createHash('sha512').update(s).digest('hex');
const config = paymentConfigFromEnv({
  ...defaultPaymentsEnv,
  PAYMENT_METHODS: 'upi_qr,upi_app,gateway,payu',
  PAYU_KEY: 'gtKFFx',
  PAYU_SALT: 'eCwWELxi',
});
const attempt = { id: 'PAY123', orderId: 'ORD1', amountPaise: 123405, method: 'upi_qr' as const };

describe('sandbox secret', () => {
  it('is the configured one, else private to the deployment: derived from its JWT key', () => {
    const keyA = new TextEncoder().encode('a'.repeat(40));
    const keyB = new TextEncoder().encode('b'.repeat(40));
    expect(derivedSandboxSecret(keyA)).toBe(derivedSandboxSecret(keyA));
    expect(derivedSandboxSecret(keyA)).not.toBe(derivedSandboxSecret(keyB));
    const derived = paymentConfigFromEnv(defaultPaymentsEnv, derivedSandboxSecret(keyA));
    expect(derived.sandbox.secret).toBe(derivedSandboxSecret(keyA));
    const configured = paymentConfigFromEnv(
      { ...defaultPaymentsEnv, SANDBOX_GATEWAY_SECRET: 'configured-secret-1234' },
      derivedSandboxSecret(keyA),
    );
    expect(configured.sandbox.secret).toBe('configured-secret-1234');
    // without either, two configurations never share a key
    expect(paymentConfigFromEnv(defaultPaymentsEnv).sandbox.secret).not.toBe(
      paymentConfigFromEnv(defaultPaymentsEnv).sandbox.secret,
    );
  });
});

describe('money', () => {
  it('formats paise as rupees with two decimals and reads them back', () => {
    expect(paiseToRupeeString(123405)).toBe('1234.05');
    expect(paiseToRupeeString(5)).toBe('0.05');
    expect(rupeeStringToPaise('1234.05')).toBe(123405);
    expect(rupeeStringToPaise('1234.5')).toBe(123450);
    expect(rupeeStringToPaise('1234')).toBe(123400);
    expect(rupeeStringToPaise('12.345')).toBeNull();
  });
});

describe('UPI', () => {
  it('builds the NPCI intent link from the stored amount', () => {
    expect(
      buildUpiLink({
        payeeVpa: 'shop@okaxis',
        payeeName: 'Kagaz & Kalam',
        amountPaise: 123405,
        note: 'Order ORD1',
        reference: 'PAY123',
      }),
    ).toBe(
      'upi://pay?pa=shop%40okaxis&pn=Kagaz%20%26%20Kalam&am=1234.05&cu=INR&tn=Order%20ORD1&tr=PAY123',
    );
  });
  it('answers qr for another device and deeplink for an app on this phone', async () => {
    const ctx = { attempt, storeName: 'Shop', fields: {}, config, baseUrl: '' };
    const qr = await upiProvider.start(ctx);
    expect(qr.action.type).toBe('qr');
    expect(qr.action.qr).toContain('am=1234.05');
    const app = await upiProvider.start({ ...ctx, attempt: { ...attempt, method: 'upi_app' } });
    expect(app.action).toMatchObject({ type: 'deeplink', redirectUrl: app.redirectUrl });
    expect(app.redirectUrl).toMatch(
      /^upi:\/\/pay\?pa=demo-store%40sandbox&pn=Shop&am=1234\.05&cu=INR/,
    );
  });
  it("links the demo sandbox's UPI app for the owner only in demo mode", async () => {
    const ctx = { attempt, storeName: 'Shop', fields: {}, config, baseUrl: '' };
    expect((await upiProvider.start(ctx)).action.sandboxUrl).toMatch(
      /^\/sandbox-gateway\/upi\?paymentId=PAY123&token=\d+\.[0-9a-f]{64}$/,
    );
    const live = { ...config, demo: false };
    expect((await upiProvider.start({ ...ctx, config: live })).action.sandboxUrl).toBeUndefined();
  });
});

describe('sandbox gateway', () => {
  it('answers redirect_post with the signed merchant request', async () => {
    const r = await sandboxProvider.start({
      attempt,
      storeName: 'Shop',
      fields: {},
      config,
      baseUrl: '',
    });
    expect(r.action.type).toBe('redirect_post');
    expect(r.action.formParams?.data).toMatchObject({
      paymentId: 'PAY123',
      amount: '1234.05',
      merchant: 'Shop',
    });
  });
  it('verifies its own signature and refuses tampering', () => {
    const secret = config.sandbox.secret;
    const { rawBody, signature } = signSandboxNotification(secret, {
      event: 'payment.captured',
      paymentId: 'PAY123',
      amount: 123405,
    });
    expect(verifySandboxNotification(secret, rawBody, signature)).toMatchObject({
      paymentId: 'PAY123',
      amountPaise: 123405,
      outcome: 'succeeded',
    });
    expect(
      verifySandboxNotification(secret, rawBody.replace('123405', '100'), signature),
    ).toBeNull();
    expect(verifySandboxNotification(secret, rawBody, undefined)).toBeNull();
    expect(verifySandboxNotification('other-secret', rawBody, signature)).toBeNull();
  });
});

describe('PayU', () => {
  const fields = {
    key: 'gtKFFx',
    txnid: 'PAY123',
    amount: '1234.05',
    productinfo: 'Shop order ORD1',
    firstname: 'Asha',
    email: 'asha@example.in',
    phone: '9876543210',
    surl: 's',
    furl: 'f',
    udf1: 'ORD1',
  };
  it('hashes the request by the documented formula', () => {
    expect(payuRequestHash(fields, 'eCwWELxi')).toBe(
      sha512('gtKFFx|PAY123|1234.05|Shop order ORD1|Asha|asha@example.in|ORD1||||||||||eCwWELxi'),
    );
  });
  it('verifies the reverse hash of the response, with and without additional charges', () => {
    const response: Record<string, string> = {
      key: 'gtKFFx',
      txnid: 'PAY123',
      amount: '1234.05',
      productinfo: 'Shop order ORD1',
      firstname: 'Asha',
      email: 'asha@example.in',
      udf1: 'ORD1',
      status: 'success',
      mihpayid: '403993715',
    };
    const expected = sha512(
      'eCwWELxi|success||||||||||ORD1|asha@example.in|Asha|Shop order ORD1|1234.05|PAY123|gtKFFx',
    );
    expect(payuResponseHash(response, 'eCwWELxi')).toBe(expected);
    expect(verifyPayuResponse({ ...response, hash: expected }, 'eCwWELxi', 'gtKFFx')).toBe(true);
    expect(
      verifyPayuResponse({ ...response, amount: '1.00', hash: expected }, 'eCwWELxi', 'gtKFFx'),
    ).toBe(false);
    const withCharges = { ...response, additionalCharges: '20.00' };
    expect(payuResponseHash(withCharges, 'eCwWELxi')).toBe(
      sha512(
        `20.00|${'eCwWELxi|success||||||||||ORD1|asha@example.in|Asha|Shop order ORD1|1234.05|PAY123|gtKFFx'}`,
      ),
    );
    expect(verifyPayuNotification(config, { ...response, hash: expected })).toMatchObject({
      paymentId: 'PAY123',
      amountPaise: 123405,
      outcome: 'succeeded',
    });
    expect(verifyPayuNotification(config, { ...response, hash: 'ab' })).toBeNull();
  });
  it('answers redirect_post to the store bounce page with PayU fields and hash', async () => {
    const r = await payuProvider.start({
      attempt: { ...attempt, method: 'payu' },
      storeName: 'Shop',
      fields: { payerName: 'Asha Rao', email: 'asha@example.in', phone: '+919876543210' },
      config,
      baseUrl: 'https://shop.example',
    });
    expect(r.action.formParams?.url).toBe('https://test.payu.in/_payment');
    const data = r.action.formParams?.data ?? {};
    expect(data).toMatchObject({
      txnid: 'PAY123',
      amount: '1234.05',
      firstname: 'Asha',
      phone: '9876543210',
      surl: 'https://shop.example/api/v1/payments/payu/return',
    });
    expect(data.hash).toBe(
      sha512(`gtKFFx|PAY123|1234.05|Shop order ORD1|Asha|asha@example.in|ORD1||||||||||eCwWELxi`),
    );
  });
});
