/**
 * Issue 27 item 5: the owner is told. A new paid or cash-on-delivery order, a return request,
 * stock reaching the low-stock threshold and a daily summary e-mail every owner (and staff who
 * opt in), each once, each switched off in Store settings.
 */
import { and, eq, like } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '@store/contracts/stock';
import { contactMessages, emailOutbox, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { deliverDueEmails } from '../mail/mail-sender.service';
import type { memoryTransport } from '../mail/mail-transport';
import { createDiscount, uniqueCode } from '../pricing/test-discounts';
import { queueDailySummaries, shopYesterday } from '../reports/daily-summary.service';
import { queueOwnerNotice } from './owner-notices.service';

let t: TestApp;
let owner: SignedInStaff;
let optedIn: SignedInStaff;
let clerk: SignedInStaff;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp({ publicBaseUrl: 'https://shop.example.in' });
  owner = await signInStaff(t.app, t.db, 'owner');
  optedIn = await signInStaff(t.app, t.db, 'staff');
  clerk = await signInStaff(t.app, t.db, 'staff');
  // the owner opts a staff member in on the Staff screen
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/staff/${optedIn.id}`,
    headers: owner.headers,
    payload: { ownerNotices: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ ownerNotices: true, role: 'staff' });
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const allOn = {
  noticeNewOrder: true,
  noticeReturnRequest: true,
  noticeLowStock: true,
  noticeDailySummary: true,
};
afterEach(() => t.db.update(stores).set(allOn).where(eq(stores.id, DEFAULT_STORE_ID)));
const switchOff = (change: Partial<typeof allOn>) =>
  t.db.update(stores).set(change).where(eq(stores.id, DEFAULT_STORE_ID));

/** The outbox rows of one event (its key's start), as recipient addresses. */
const noticesOf = async (keyStart: string) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `${keyStart}:to:%`))
  ).map((r) => r.toAddress);

const expectTold = (to: string[]) => {
  expect(to).toContain(owner.email);
  expect(to).toContain(optedIn.email);
  expect(to).not.toContain(clerk.email);
  expect(new Set(to).size).toBe(to.length);
};

const placeOrder = async (products: Record<string, number>, couponCode?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: {
      products,
      shippingAddress: testShippingAddress,
      ...(couponCode ? { couponCode } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

const deliver = () => {
  const { transport, ...settings } = t.app.mail;
  return deliverDueEmails(t.db, transport, settings);
};
const sentTo = async (keyStart: string, to: string) => {
  const [row] = await t.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.dedupeKey, `${keyStart}:to:staff:${owner.id}`),
        eq(emailOutbox.toAddress, to),
      ),
    );
  expect(row, `${keyStart} to ${to}`).toBeDefined();
  const raw = await (t.app.mail.transport as ReturnType<typeof memoryTransport>).readRaw(row!.id);
  expect(raw).not.toBeNull();
  return simpleParser(raw!);
};

describe('a new order', () => {
  it('paid online: the owner and opted-in staff are told once, not while it waits for payment', async () => {
    const [product] = await plainProducts(t.app, 1);
    const order = await placeOrder({ [product!.id]: 1 });
    expect(await noticesOf(`owner:new-order:${order.id}`)).toEqual([]);

    const body = (await pay(t.app, shopper.token, order.id, validFields('gateway'))).json();
    const { paymentId, token } = body.action.formParams.data;
    await decideInSandbox(t.app, paymentId, 'approve', token);
    // the gateway's answer again (a replayed approval) adds nothing
    await decideInSandbox(t.app, paymentId, 'approve', token);
    const told = await noticesOf(`owner:new-order:${order.id}`);
    expectTold(told);

    await deliver();
    const mail = await sentTo(`owner:new-order:${order.id}`, owner.email);
    expect(mail.subject).toMatch(new RegExp(`^New order ${order.id}: ₹`));
    expect(mail.text).toContain('Paid online');
    expect(mail.html).toContain(`https://shop.example.in/admin/orders/${order.id}`);
  });

  it('cash on delivery: told when the shopper chooses it', async () => {
    const [product] = await plainProducts(t.app, 1);
    const order = await placeOrder({ [product!.id]: 1 });
    const res = await pay(t.app, shopper.token, order.id, validFields('cod'));
    expect(res.statusCode, res.body).toBeLessThan(300);
    expectTold(await noticesOf(`owner:new-order:${order.id}`));
    await deliver();
    const mail = await sentTo(`owner:new-order:${order.id}`, owner.email);
    expect(mail.text).toContain('Cash on delivery');
  });

  it('its discounts covering it in full: told as it is placed', async () => {
    const code = uniqueCode('FREE');
    await createDiscount(t.app, owner.headers, { code, value: 100, usageLimit: 1 });
    const [product] = await plainProducts(t.app, 1);
    const order = await placeOrder({ [product!.id]: 1 }, code);
    expectTold(await noticesOf(`owner:new-order:${order.id}`));
    await deliver();
    const mail = await sentTo(`owner:new-order:${order.id}`, owner.email);
    expect(mail.text).toContain('Nothing to pay');
  });

  it('switched off in Store settings: no one is told', async () => {
    await switchOff({ noticeNewOrder: false });
    const [product] = await plainProducts(t.app, 1);
    const order = await placeOrder({ [product!.id]: 1 });
    await pay(t.app, shopper.token, order.id, validFields('cod'));
    expect(await noticesOf(`owner:new-order:${order.id}`)).toEqual([]);
  });
});

describe('low stock', () => {
  it('is told once, by the order that takes a product to the threshold', async () => {
    const [, product] = await plainProducts(t.app, 2);
    await setStock(t.db, product!.id, LOW_STOCK_THRESHOLD + 2);
    const first = await placeOrder({ [product!.id]: 1 });
    expect(await noticesOf(`owner:low-stock:${first.id}:${product!.id}:`)).toEqual([]);
    const crossing = await placeOrder({ [product!.id]: 2 });
    expectTold(await noticesOf(`owner:low-stock:${crossing.id}:${product!.id}:`));
    // already below: the next order tells nothing more
    const after = await placeOrder({ [product!.id]: 1 });
    expect(await noticesOf(`owner:low-stock:${after.id}:${product!.id}:`)).toEqual([]);

    await deliver();
    const mail = await sentTo(`owner:low-stock:${crossing.id}:${product!.id}:`, owner.email);
    expect(mail.subject).toBe(`Low stock: ${product!.title}, ${LOW_STOCK_THRESHOLD - 1} left`);
    await setStock(t.db, product!.id, 100);
  });

  it('switched off: not told', async () => {
    await switchOff({ noticeLowStock: false });
    const [, product] = await plainProducts(t.app, 2);
    await setStock(t.db, product!.id, LOW_STOCK_THRESHOLD + 1);
    const crossing = await placeOrder({ [product!.id]: 1 });
    expect(await noticesOf(`owner:low-stock:${crossing.id}:${product!.id}:`)).toEqual([]);
    await setStock(t.db, product!.id, 100);
  });
});

describe('a return request', () => {
  it('queueOwnerNotice tells the owners once per return, unless switched off', async () => {
    const [product] = await plainProducts(t.app, 1);
    const order = await placeOrder({ [product!.id]: 1 });
    const request = { storeId: DEFAULT_STORE_ID, orderId: order.id, returnId: crypto.randomUUID() };
    await t.db.transaction(async (tx) => {
      await queueOwnerNotice(tx, 'return_requested', request);
      await queueOwnerNotice(tx, 'return_requested', request);
    });
    expectTold(await noticesOf(`owner:return:${request.returnId}`));
    await deliver();
    const mail = await sentTo(`owner:return:${request.returnId}`, owner.email);
    expect(mail.subject).toBe(`Return requested for order ${order.id}`);

    await switchOff({ noticeReturnRequest: false });
    const other = { ...request, returnId: crypto.randomUUID() };
    expect(await t.db.transaction((tx) => queueOwnerNotice(tx, 'return_requested', other))).toBe(0);
    expect(await noticesOf(`owner:return:${other.returnId}`)).toEqual([]);
  });
});

describe('the daily summary', () => {
  // 09:30 in India on 25 Nov 2026: the summary of the 24th is due
  const morning = new Date('2026-11-25T04:00:00Z');

  it('goes out once from 08:00 India time with the day’s figures', async () => {
    expect(shopYesterday(morning)).toBe('2026-11-24');
    // 07:30 in India: not yet
    expect(await queueDailySummaries(t.db, new Date('2026-11-25T02:00:00Z'))).toBe(0);
    await t.db.insert(contactMessages).values({
      storeId: DEFAULT_STORE_ID,
      name: 'Asha',
      email: 'asha@example.in',
      subject: 'Hello',
      message: 'Unread',
    });
    expect(await queueDailySummaries(t.db, morning)).toBeGreaterThanOrEqual(2);
    const key = `owner:summary:${DEFAULT_STORE_ID}:2026-11-24`;
    const told = await noticesOf(key);
    expectTold(told);
    // the next hour's run (or another process) adds nothing
    await queueDailySummaries(t.db, new Date('2026-11-25T05:00:00Z'));
    expect(await noticesOf(key)).toEqual(told);

    await deliver();
    const mail = await sentTo(key, owner.email);
    expect(mail.subject).toMatch(/: summary of Tuesday, 24 November 2026$/);
    expect(mail.text).toMatch(/Unread messages\s+[1-9]/);
  });

  it('switched off: no summary', async () => {
    await switchOff({ noticeDailySummary: false });
    expect(await queueDailySummaries(t.db, new Date('2026-11-26T04:00:00Z'))).toBe(0);
    expect(await noticesOf(`owner:summary:${DEFAULT_STORE_ID}:2026-11-25`)).toEqual([]);
  });
});

describe('the settings', () => {
  it('Store settings read and save each switch; only the owner opts staff in', async () => {
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
    });
    const settings = got.json().settings;
    expect(settings.ownerNotices).toEqual({
      newOrder: true,
      returnRequest: true,
      lowStock: true,
      dailySummary: true,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
      payload: { ...settings, ownerNotices: { ...settings.ownerNotices, lowStock: false } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await t.db.select().from(stores).where(eq(stores.id, DEFAULT_STORE_ID));
    expect(row).toMatchObject({ noticeLowStock: false, noticeNewOrder: true });

    // staff may not change who is told
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/staff/${clerk.id}`,
      headers: clerk.headers,
      payload: { ownerNotices: true },
    });
    expect(refused.statusCode).toBe(403);
  });
});
