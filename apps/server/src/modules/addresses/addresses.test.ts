/**
 * Issue 26, customers remembered: the address book under /api/v1/account/addresses (ownership,
 * one default, the cap, no duplicates), "Save this address" with an order, and the mobile the
 * checkout and payment form are prefilled with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_MAX,
  addressBookFullMessage,
  addressExistsMessage,
  type SavedAddress,
} from '@store/contracts/addresses';
import { messages } from '@store/contracts/common';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

const URL = '/api/v1/account/addresses';

const home = {
  fullName: 'Asha Verma',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'karnataka',
  postalCode: '560 038',
  phone: '98765 43210',
  label: 'home',
};
const work = {
  fullName: 'Asha Verma',
  address: '4th Floor, Prestige Towers, Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560025',
  phone: '+919812345678',
  label: 'work',
};

describe('address book', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (u: TestUser) => {
    const res = await t.app.inject({ url: URL, headers: authHeader(u.token) });
    expect(res.statusCode).toBe(200);
    return res.json().data as SavedAddress[];
  };
  const add = (u: TestUser, body: object) =>
    t.app.inject({ method: 'POST', url: URL, headers: authHeader(u.token), payload: body });

  it('needs a signed-in shopper', async () => {
    const res = await t.app.inject({ url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('adds, lists, edits and keeps exactly one default', async () => {
    const u = await registerAndLogin(t.app);
    expect(await list(u)).toEqual([]);

    const first = await add(u, home);
    expect(first.statusCode).toBe(201);
    // stored as the checkout writes it: the state as listed, six PIN digits, +91 and ten digits
    expect(first.json().data).toMatchObject({
      label: 'home',
      state: 'Karnataka',
      postalCode: '560038',
      phone: '+919876543210',
      isDefault: true,
    });
    const second = await add(u, work);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.isDefault).toBe(false);

    const made = await t.app.inject({
      method: 'POST',
      url: `${URL}/${second.json().data.id}/default`,
      headers: authHeader(u.token),
    });
    expect(made.statusCode).toBe(200);
    const after = await list(u);
    expect(after.map((a) => [a.label, a.isDefault])).toEqual([
      ['work', true],
      ['home', false],
    ]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${URL}/${first.json().data.id}`,
      headers: authHeader(u.token),
      payload: { ...home, address: '14 MG Road, Indiranagar', label: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      address: '14 MG Road, Indiranagar',
      label: null,
      isDefault: false,
    });
    expect((await list(u)).filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('deleting the default makes another one the default, and the last one leaves none', async () => {
    const u = await registerAndLogin(t.app);
    const a = (await add(u, home)).json().data as SavedAddress;
    const b = (await add(u, work)).json().data as SavedAddress;
    expect(a.isDefault).toBe(true);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/${a.id}`,
      headers: authHeader(u.token),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual([expect.objectContaining({ id: b.id, isDefault: true })]);
    await t.app.inject({ method: 'DELETE', url: `${URL}/${b.id}`, headers: authHeader(u.token) });
    expect(await list(u)).toEqual([]);
  });

  it("answers 404 for another shopper's address, and changes nothing", async () => {
    const owner = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const id = (await add(owner, home)).json().data.id as string;
    for (const [method, url, payload] of [
      ['PUT', `${URL}/${id}`, work],
      ['DELETE', `${URL}/${id}`, undefined],
      ['POST', `${URL}/${id}/default`, undefined],
      ['PUT', `${URL}/not-an-id`, work],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: authHeader(other.token), payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Address not found', code: 'not_found' });
    }
    expect(await list(owner)).toEqual([expect.objectContaining({ id, address: home.address })]);
  });

  it('refuses the same address twice, however it is typed', async () => {
    const u = await registerAndLogin(t.app);
    expect((await add(u, home)).statusCode).toBe(201);
    const again = await add(u, {
      ...home,
      address: '12, mg road  Indiranagar',
      fullName: 'ASHA VERMA',
      phone: '+91 98765-43210',
      label: 'work',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: addressExistsMessage, code: 'conflict' });
    expect(await list(u)).toHaveLength(1);
  });

  it('checks the fields with the checkout rules', async () => {
    const u = await registerAndLogin(t.app);
    const bad = await add(u, { ...home, postalCode: '12345', phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_input');
    expect(bad.json().fields).toMatchObject({
      postalCode: messages.pinCode,
      phone: messages.indianMobile,
    });
    // a PIN in another state, as the order would refuse it
    const elsewhere = await add(u, { ...home, postalCode: '110001' });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().fields)).toEqual(['state']);
    const label = await add(u, { ...home, label: 'Office' });
    expect(label.statusCode).toBe(400);
    const extra = await add(u, { ...home, userId: u.id });
    expect(extra.statusCode).toBe(400);
    expect(await list(u)).toEqual([]);
  });

  it(`keeps at most ${ADDRESS_BOOK_MAX} addresses, with a clear message`, async () => {
    const u = await registerAndLogin(t.app);
    const results = [];
    for (let i = 0; i < ADDRESS_BOOK_MAX; i++) {
      results.push(
        (await add(u, { ...work, address: `Flat ${i + 1}, Residency Road` })).statusCode,
      );
    }
    expect(results.every((s) => s === 201)).toBe(true);
    const over = await add(u, home);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: addressBookFullMessage, code: 'conflict' });
    expect(await list(u)).toHaveLength(ADDRESS_BOOK_MAX);
  });

  it('two adds at once still leave exactly one default', async () => {
    const u = await registerAndLogin(t.app);
    const answers = await Promise.all([add(u, home), add(u, work)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await list(u)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe('Save this address with an order, and the prefilled mobile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const order = async (u: TestUser, extra: object = {}) => {
    const [p] = await plainProducts(t.app, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: authHeader(u.token),
      payload: { products: { [p!.id]: 1 }, shippingAddress: testShippingAddress, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const book = async (u: TestUser) =>
    (await t.app.inject({ url: '/api/v1/account/addresses', headers: authHeader(u.token) })).json()
      .data as SavedAddress[];

  it('saves the address once, as the default, only when asked', async () => {
    const u = await registerAndLogin(t.app);
    await order(u);
    expect(await book(u)).toEqual([]);
    await order(u, { saveAddress: true });
    await order(u, { saveAddress: true });
    expect(await book(u)).toEqual([
      expect.objectContaining({
        fullName: testShippingAddress.fullName,
        postalCode: '560038',
        phone: '+919876543210',
        isDefault: true,
        label: null,
      }),
    ]);
  });

  it('a full address book does not stop the order', async () => {
    const u = await registerAndLogin(t.app);
    for (let i = 0; i < ADDRESS_BOOK_MAX; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/addresses',
        headers: authHeader(u.token),
        payload: { ...work, address: `Flat ${i + 1}, Residency Road` },
      });
    }
    await order(u, { saveAddress: true });
    expect(await book(u)).toHaveLength(ADDRESS_BOOK_MAX);
  });

  it('account info and the payment form carry the mobile last given', async () => {
    const u = await registerAndLogin(t.app);
    const info = () =>
      t.app
        .inject({ url: '/api/v1/accountInfo', headers: authHeader(u.token) })
        .then((r) => r.json());
    const phoneField = async () => {
      const fields = (
        await t.app.inject({ url: '/api/v1/payments/fields', headers: authHeader(u.token) })
      ).json() as { name: string; defaultValue?: unknown }[];
      return fields.find((f) => f.name === 'phone')?.defaultValue;
    };
    expect((await info()).data.phone).toBeUndefined();
    expect(await phoneField()).toBeUndefined();
    // a saved default address gives it
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/addresses',
      headers: authHeader(u.token),
      payload: work,
    });
    expect((await info()).data.phone).toBe('+919812345678');
    // an order's mobile is the newer word
    await order(u);
    expect((await info()).data).toMatchObject({ email: u.email, phone: '+919876543210' });
    expect(await phoneField()).toBe('+919876543210');
  });
});
