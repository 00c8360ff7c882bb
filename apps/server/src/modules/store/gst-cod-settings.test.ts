import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { gstinMessages } from '@store/contracts/gst';
import { createTestApp, placeTestOrder, registerAndLogin, type TestApp } from '../../test/test-app';
import { pay, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';

let t: TestApp;
let owner: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const url = '/api/v1/admin/settings';

async function current(): Promise<StoreSettings> {
  const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
  expect(res.statusCode).toBe(200);
  return res.json().settings;
}

const save = (settings: StoreSettings) =>
  t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: settings });

// a valid GSTIN of Karnataka (29) and one of Maharashtra (27), check characters computed
const karnatakaGstin = '29ABCDE1234F1ZW';
const maharashtraGstin = '27AAPFU0939F1ZV';

describe('GST settings', () => {
  it('saves a GSTIN (typed with spaces, lower case) with its state, and logs the change', async () => {
    const settings = await current();
    const res = await save({
      ...settings,
      gstin: ' 29abcde1234f1zw ',
      gstState: 'Karnataka',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ gstin: karnatakaGstin, gstState: 'Karnataka' });
    expect(await current()).toMatchObject({ gstin: karnatakaGstin, gstState: 'Karnataka' });

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/activity?entityType=settings',
      headers: owner.headers,
    });
    const [entry] = log.json().data;
    expect(entry.action).toBe('settings.update');
    expect(entry.after).toMatchObject({ gstin: karnatakaGstin, gstState: 'Karnataka' });
  });

  it('refuses an invalid GSTIN, one whose state code is not the chosen state, and a GSTIN without a state', async () => {
    const settings = await current();
    const typo = await save({ ...settings, gstin: '29ABCDE1234F1Z5', gstState: 'Karnataka' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().fields.gstin).toBe(gstinMessages.checkCharacter);

    const otherState = await save({ ...settings, gstin: maharashtraGstin, gstState: 'Karnataka' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().fields).toEqual({
      gstin: 'This GSTIN is registered in Maharashtra (27), not Karnataka',
    });

    const noState = await save({ ...settings, gstin: maharashtraGstin, gstState: '' });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().fields.gstState).toBe('Choose the state the GSTIN is registered in');

    const unknownState = await save({ ...settings, gstState: 'Atlantis' });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json().fields.gstState).toBe('Choose a state from the list');
  });

  it('an empty GSTIN clears the registration', async () => {
    const res = await save({ ...(await current()), gstin: '', gstState: 'Karnataka' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ gstin: '', gstState: 'Karnataka' });
  });
});

describe('cash on delivery settings', () => {
  it('start on, up to ₹5,000, for all of India', async () => {
    expect(await current()).toMatchObject({
      codEnabled: true,
      codMaxRupees: 5000,
      codPinPrefixes: [],
    });
  });

  it('refuse a limit of ₹0 and a PIN prefix that is not 1 to 6 digits', async () => {
    const settings = await current();
    const res = await save({
      ...settings,
      codMaxRupees: 0,
      codPinPrefixes: ['56', '0123', '1234567'],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(
      expect.arrayContaining(['codMaxRupees', 'codPinPrefixes.1', 'codPinPrefixes.2']),
    );
  });

  it('reach the shopper at once: the new limit and PINs are applied, and off takes COD off the form', async () => {
    const shopper = await registerAndLogin(t.app);
    const settings = await current();
    const saved = await save({
      ...settings,
      codMaxRupees: 2500.5,
      codPinPrefixes: ['11', '40', '11'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({
      codMaxRupees: 2500.5,
      codPinPrefixes: ['11', '40'],
    });

    // the test order ships to 560038, outside 11 and 40
    const order = await placeTestOrder(t.app, shopper.token, 1);
    const refused = await pay(t.app, shopper.token, order.id, validFields('cod'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.method).toBe('Cash on delivery is not available for PIN 560038');

    await save({ ...(await current()), codPinPrefixes: [] });
    expect((await pay(t.app, shopper.token, order.id, validFields('cod'))).statusCode).toBe(200);

    const off = await save({ ...(await current()), codEnabled: false });
    expect(off.statusCode).toBe(200);
    const form = await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' });
    const method = form.json().find((f: { name: string }) => f.name === 'method');
    expect(method.options.map((o: { value: string }) => o.value)).not.toContain('cod');
  });
});
