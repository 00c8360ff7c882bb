import { payuResponse } from '../../test/fake-payu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { defaultPaymentsEnv, paymentConfigFromEnv } from './payment-config';
import { orderStatusOf, pay, postForm, specFormFields, validFields } from '../../test/pay-order';

const KEY = 'testkey';
const SALT = 'testsalt';
const config = paymentConfigFromEnv({
  ...defaultPaymentsEnv,
  PAYMENT_METHODS: 'payu,upi_qr',
  PAYU_KEY: KEY,
  PAYU_SALT: SALT,
});
let t: TestApp;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp({ payments: config, publicBaseUrl: 'https://shop.example' });
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

async function startPayu() {
  const order = await placeTestOrder(t.app, shopper.token);
  const body = (await pay(t.app, shopper.token, order.id, validFields('payu'))).json();
  return { order, body, data: body.action.formParams.data as Record<string, string> };
}

describe('PayU hosted checkout', () => {
  it('is offered only when configured, and the sandbox gateway is off', async () => {
    const fields = (await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' })).json();
    expect(fields[0].options.map((o: { value: string }) => o.value)).toEqual([
      'payu',
      'upi_qr',
      'cod',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-gateway/upi' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhooks/sandbox',
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });
  it('answers redirect_post through the store bounce page to PayU with the hashed fields', async () => {
    const { order, body, data } = await startPayu();
    expect(body.action.type).toBe('redirect_post');
    expect(body.action.formParams.url).toBe('https://test.payu.in/_payment');
    expect(data).toMatchObject({
      key: KEY,
      amount: order.total.toFixed(2),
      firstname: 'Asha',
      surl: 'https://shop.example/api/v1/payments/payu/return',
    });
    const bounce = await postForm(
      t.app,
      body.action.redirectUrl,
      specFormFields(body.action.formParams),
    );
    expect(bounce.statusCode).toBe(200);
    expect(bounce.body).toContain('action="https://test.payu.in/_payment"');
    expect(bounce.body).toContain(`name="hash" value="${data.hash}"`);
    const evil = await postForm(
      t.app,
      body.action.redirectUrl,
      specFormFields({ ...body.action.formParams, url: 'https://evil.example/' }),
    );
    expect(evil.statusCode).toBe(400);
  });
  it('a return with a valid reverse hash pays the order; a forged one changes nothing', async () => {
    const { order, data } = await startPayu();
    const forged = { ...payuResponse(SALT, data, 'success', '9001'), amount: '1.00' };
    expect((await postForm(t.app, '/api/v1/payments/payu/return', forged)).statusCode).toBe(400);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
    const ok = await postForm(
      t.app,
      '/api/v1/payments/payu/return',
      payuResponse(SALT, data, 'success', '9001'),
    );
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/order-success?orderId=${order.id}`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
    // the same response arriving again as a webhook is a replay: the earlier outcome, no change
    const replay = await postForm(
      t.app,
      '/api/v1/payments/webhooks/payu',
      payuResponse(SALT, data, 'success', '9001'),
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'succeeded', replayed: true });
  });
  it('a failed payment returns the shopper to /payment with PayU reason', async () => {
    const { order, data } = await startPayu();
    const res = await postForm(t.app, '/api/v1/payments/payu/return', {
      ...payuResponse(SALT, data, 'failure', '9002'),
      error_Message: 'Bank denied',
    });
    expect(res.headers.location).toBe(`/payment?orderId=${order.id}&reason=Bank+denied`);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(0);
  });
  it('the webhook verifies the hash and pays once', async () => {
    const { order, data } = await startPayu();
    expect(
      (
        await postForm(t.app, '/api/v1/payments/webhooks/payu', {
          ...payuResponse(SALT, data, 'success', '9003'),
          hash: 'f'.repeat(128),
        })
      ).statusCode,
    ).toBe(401);
    const ok = await postForm(
      t.app,
      '/api/v1/payments/webhooks/payu',
      payuResponse(SALT, data, 'success', '9003'),
    );
    expect(ok.statusCode).toBe(200);
    expect(await orderStatusOf(t.app, shopper.token, order.id)).toBe(1);
  });
});
