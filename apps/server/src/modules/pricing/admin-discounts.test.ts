import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDiscount } from '@store/contracts/admin/discounts';
import { authHeader, createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createDiscount, discountForm, uniqueCode } from './test-discounts';

let t: TestApp;
let owner: SignedInStaff;
let staff: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  staff = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin/discounts${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const activityOf = async (entityId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/activity?entityType=discount`,
      headers: owner.headers,
    })
  )
    .json()
    .data.filter((e: { entityId: string }) => e.entityId === entityId);

describe('New discount', () => {
  it('makes a coupon code, normalised, listed with its uses and logged as the person who made it', async () => {
    const typed = ` diwali ${uniqueCode('X')} `;
    const res = await send(
      'POST',
      '',
      staff.headers,
      discountForm({
        code: typed,
        value: 12.5,
        minOrder: 999,
        usageLimit: 10,
        perCustomerLimit: 1,
      }),
    );
    expect(res.statusCode).toBe(201);
    const made = res.json() as AdminDiscount;
    expect(made).toMatchObject({
      code: typed.replace(/\s+/g, '').toUpperCase(),
      kind: 'percentage',
      percent: 12.5,
      minOrderPaise: 99_900,
      usageLimit: 10,
      perCustomerLimit: 1,
      used: 0,
      status: 'active',
      description: '12.5% off on orders of ₹999 or more',
    });
    const list = (await send('GET', `?q=${made.code}`, owner.headers)).json();
    expect(list.data.map((d: AdminDiscount) => d.id)).toEqual([made.id]);
    const [entry] = await activityOf(made.id);
    expect(entry).toMatchObject({ action: 'discount.create', actor: staff.email });
    expect(entry.after).toMatchObject({ code: made.code, percentBp: 1250, usageLimit: 10 });
  });

  it('makes an automatic offer when the code is empty, and Buy X get Y on chosen categories', async () => {
    const categories = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/categories', headers: owner.headers })
    ).json().data as { id: string; name: string }[];
    const offer = await createDiscount(t.app, owner.headers, {
      kind: 'buy_x_get_y',
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
      appliesTo: 'categories',
      categoryIds: [categories[0]!.id],
      active: false,
    });
    expect(offer).toMatchObject({
      code: null,
      kind: 'buy_x_get_y',
      buyQuantity: 2,
      getQuantity: 1,
      categories: [{ id: categories[0]!.id, name: categories[0]!.name }],
      status: 'inactive',
      description: 'Buy 2 get 1 free on selected items',
    });
  });

  it('refuses a code that exists already, on the Code field', async () => {
    const code = uniqueCode('DUP');
    await createDiscount(t.app, owner.headers, { code });
    const again = await send('POST', '', owner.headers, discountForm({ code: code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `There is already a discount with the code ${code}`,
      code: 'conflict',
      fields: { code: `There is already a discount with the code ${code}` },
    });
  });

  it.each([
    [{ code: 'a b!' }, 'code'],
    [{ value: 0 }, 'value'],
    [{ value: 100.5 }, 'value'],
    [{ kind: 'fixed', value: null }, 'value'],
    [{ kind: 'fixed', value: 10.555 }, 'value'],
    [{ kind: 'buy_x_get_y', value: 100, buyQuantity: 0, getQuantity: 1 }, 'buyQuantity'],
    [{ appliesTo: 'categories', categoryIds: [] }, 'categoryIds'],
    [{ appliesTo: 'products', productIds: [] }, 'productIds'],
    [{ startsAt: '2026-02-31T10:00' }, 'startsAt'],
    [{ startsAt: '2026-11-10T10:00', endsAt: '2026-11-10T09:00' }, 'endsAt'],
    [{ usageLimit: 0 }, 'usageLimit'],
    [{ perCustomerLimit: 1.5 }, 'perCustomerLimit'],
    [{ kind: 'half_off' }, 'kind'],
  ])('refuses %j with a 400 that names %s', async (over, field) => {
    const res = await send('POST', '', owner.headers, { ...discountForm(), ...over });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_input');
    expect(Object.keys(body.fields)).toContain(field);
  });

  it('refuses a category or product that is not the store’s', async () => {
    const res = await send(
      'POST',
      '',
      owner.headers,
      discountForm({
        appliesTo: 'products',
        productIds: ['00000000-0000-4000-8000-000000000000'],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      productIds: 'One of the chosen products no longer exists',
    });
  });
});

describe('edit and deactivate', () => {
  it('changes a discount and logs before and after; Deactivate switches it off, once', async () => {
    const code = uniqueCode('EDIT');
    const made = await createDiscount(t.app, owner.headers, { code });
    const edited = await send(
      'PUT',
      `/${made.id}`,
      staff.headers,
      discountForm({ code, kind: 'fixed', value: 150, name: 'Monsoon offer' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      kind: 'fixed',
      amountPaise: 15_000,
      percent: null,
      description: 'Monsoon offer',
    });
    const off = await send('PATCH', `/${made.id}`, owner.headers, { active: false });
    expect(off.json()).toMatchObject({ active: false, status: 'inactive' });
    await send('PATCH', `/${made.id}`, owner.headers, { active: false });
    const actions = (await activityOf(made.id)).map((e: { action: string }) => e.action);
    expect(actions).toEqual(['discount.deactivate', 'discount.update', 'discount.create']);
    const update = (await activityOf(made.id))[1];
    expect(update.before).toMatchObject({ kind: 'percentage', percentBp: 1000, amountPaise: null });
    expect(update.after).toMatchObject({ kind: 'fixed', percentBp: null, amountPaise: 15_000 });

    const inactive = (await send('GET', '?status=inactive', owner.headers)).json();
    expect(inactive.data.map((d: AdminDiscount) => d.id)).toContain(made.id);
    const active = (await send('GET', '?status=active', owner.headers)).json();
    expect(active.data.map((d: AdminDiscount) => d.id)).not.toContain(made.id);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await send('GET', `/${id}`, owner.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Discount not found', code: 'not_found' });
    }
  });
});

describe('who may', () => {
  it('is the back office’s: a shopper’s token and no token are refused', async () => {
    const shopper = await registerAndLogin(t.app);
    expect((await send('GET', '', authHeader(shopper.token))).statusCode).toBe(401);
    expect((await send('POST', '', {}, discountForm())).statusCode).toBe(401);
  });
});
