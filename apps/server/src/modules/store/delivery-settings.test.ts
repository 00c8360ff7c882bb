import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { defaultDeliveryZones } from '@store/contracts/delivery';
import { createTestApp, type TestApp } from '../../test/test-app';
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
const estimateFor = async (pin: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/pincodes/${pin}` })).json().delivery;

describe('delivery settings (dispatch PIN and working days per zone)', () => {
  it('start from the demo dispatch PIN and the default zones', async () => {
    const settings = await current();
    expect(settings.dispatchPin).toBe('700016');
    expect(settings.deliveryZones).toEqual(defaultDeliveryZones);
  });

  it('the owner changes them and the storefront estimate follows', async () => {
    const settings = await current();
    const res = await save({
      ...settings,
      dispatchPin: '560 001',
      deliveryZones: { ...settings.deliveryZones, sameState: { min: 1, max: 3 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      dispatchPin: '560001',
      deliveryZones: { sameState: { min: 1, max: 3 } },
    });
    // Mysuru is now in the dispatch state
    expect(await estimateFor('570001')).toMatchObject({
      zone: 'sameState',
      minDays: 1,
      maxDays: 3,
    });
    expect(await current()).toMatchObject({ dispatchPin: '560001' });
  });

  it('refuses a dispatch PIN India Post does not have', async () => {
    const res = await save({ ...(await current()), dispatchPin: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      dispatchPin: 'We could not find PIN code 123456. Please check it.',
    });
  });

  it('refuses a zone whose fastest is later than its slowest, or beyond 30 days', async () => {
    const settings = await current();
    const later = await save({
      ...settings,
      deliveryZones: { ...settings.deliveryZones, metro: { min: 5, max: 2 } },
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().fields).toEqual({
      'deliveryZones.metro.max': 'The fastest delivery cannot be later than the slowest',
    });
    const long = await save({
      ...settings,
      deliveryZones: { ...settings.deliveryZones, restOfIndia: { min: 3, max: 31 } },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.values(long.json().fields)).toEqual(['At most 30 working days']);
  });

  it('an empty dispatch PIN clears it: estimates then go by the destination alone', async () => {
    const res = await save({ ...(await current()), dispatchPin: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.dispatchPin).toBe('');
    expect((await estimateFor('570001')).zone).toBe('restOfIndia');
  });
});
