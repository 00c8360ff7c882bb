/**
 * Issue 26: a signed-in shopper's cart left behind gets one reminder e-mail after the store's
 * hours (default 24), with an unsubscribe link that works without signing in; never for a cart
 * ordered or emptied, never after unsubscribing, once however many processes run the job.
 */
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CART_REMINDER_HOURS,
  INVALID_UNSUBSCRIBE_LINK,
} from '@store/contracts/cart-reminders';
import type { CartChange } from '@store/contracts/list-changes';
import { carts, emailOutbox, stores } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { signInStaff } from '../../test/staff';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testJwtSecret,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { deliverDueEmails } from '../mail/mail-sender.service';
import type { memoryTransport } from '../mail/mail-transport';
import { queueCartReminders, signReminderToken } from './cart-reminders.service';

const BASE = 'https://shop.example.in';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicBaseUrl: BASE });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);
const remind = (now: Date, app = t) => queueCartReminders(app.db, { secret: testJwtSecret, now });

const fill = async (u: TestUser, quantity = 1) => {
  const [a, b] = await plainProducts(t.app, 2);
  const changes: CartChange[] = [a!, b!].map((p) => ({
    op: 'merge',
    productId: p.id,
    size: '',
    color: '',
    quantity,
  }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/cart/changes',
    headers: authHeader(u.token),
    payload: { changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return [a!, b!];
};

const remindersTo = (u: TestUser) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, u.email), eq(emailOutbox.kind, 'cart_reminder')));

const deliver = () => {
  const { transport, ...settings } = t.app.mail;
  return deliverDueEmails(t.db, transport, { ...settings, now: later(25) });
};

const sentMessage = async (outboxId: string) => {
  const raw = await (t.app.mail.transport as ReturnType<typeof memoryTransport>).readRaw(outboxId);
  expect(raw).not.toBeNull();
  return simpleParser(raw!);
};

const order = async (u: TestUser, productId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(u.token),
    payload: { products: { [productId]: 1 }, shippingAddress: testShippingAddress },
  });
  expect(res.statusCode, res.body).toBe(201);
};

const post = (url: string, payload: object | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/cart-reminders/${url}`, payload, headers });

describe('the cart reminder', () => {
  it('is sent once, 24 hours after the last change, with the cart and a working unsubscribe link', async () => {
    const u = await registerAndLogin(t.app, { firstName: 'Meera' });
    const [a, b] = await fill(u, 2);
    expect(DEFAULT_CART_REMINDER_HOURS).toBe(24);

    expect(await remind(later(23.9))).toEqual({ queued: 0, passed: 0 });
    expect(await remindersTo(u)).toEqual([]);
    expect((await remind(later(24.1))).queued).toBeGreaterThanOrEqual(1);
    // the job again, an hour later: nothing more
    await remind(later(25));
    const [row, ...others] = await remindersTo(u);
    expect(others).toEqual([]);

    expect((await deliver()).sent).toBeGreaterThanOrEqual(1);
    const [sent] = await remindersTo(u);
    expect(sent).toMatchObject({
      status: 'sent',
      subject: 'You left something in your Kagaz & Kalam cart',
    });
    const mail = await sentMessage(row!.id);
    expect(mail.text).toContain('Hello Meera,');
    expect(mail.text).toContain(a!.title);
    expect(mail.text).toContain(b!.title);
    expect(mail.html).toContain(`href="${BASE}/cart"`);
    // a mail client's own Unsubscribe button (RFC 8058)
    const list = mail.headers.get('list') as {
      unsubscribe: { url: string };
      'unsubscribe-post': { name: string };
    };
    expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
    expect(list.unsubscribe.url).toMatch(`${BASE}/api/v1/cart-reminders/one-click?token=`);

    // the link in the e-mail: the storefront page with the token in the fragment
    const link = /href="([^"]*\/unsubscribe#token=[^"]+)"/.exec(mail.html || '')?.[1];
    expect(link).toBeDefined();
    const token = decodeURIComponent(
      new URL(link!.replaceAll('&amp;', '&')).hash.slice('#token='.length),
    );
    const off = await post('unsubscribe', { token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ subscribed: false });
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, u.id));
    expect(cart?.remindersOffAt).toBeInstanceOf(Date);
  });

  it('waits the hours the owner set, and sends none at 0', async () => {
    const setHours = (hours: number) =>
      t.db.update(stores).set({ cartReminderHours: hours }).where(eq(stores.id, DEFAULT_STORE_ID));
    const u = await registerAndLogin(t.app);
    await fill(u);
    try {
      await setHours(0);
      await remind(later(48));
      expect(await remindersTo(u)).toEqual([]);
      await setHours(2);
      await remind(later(1.9));
      expect(await remindersTo(u)).toEqual([]);
      await remind(later(2.1));
      expect(await remindersTo(u)).toHaveLength(1);
    } finally {
      await setHours(DEFAULT_CART_REMINDER_HOURS);
    }
  });

  it('counts from the last change, and leaves carts more than a week past due alone', async () => {
    const u = await registerAndLogin(t.app);
    await fill(u);
    await t.db
      .update(carts)
      .set({ changedAt: sql`now() - interval '20 hours'` })
      .where(eq(carts.userId, u.id));
    await remind(later(3));
    expect(await remindersTo(u)).toEqual([]);
    await remind(later(24 * 8 + 1));
    expect(await remindersTo(u)).toEqual([]);
    await remind(later(4.1));
    expect(await remindersTo(u)).toHaveLength(1);
  });

  it('is never sent for a cart that was ordered: not queued after the order, skipped when the order came between', async () => {
    const before = await registerAndLogin(t.app);
    const [a] = await fill(before);
    await order(before, a!.id);
    await remind(later(25));
    expect(await remindersTo(before)).toEqual([]);

    const between = await registerAndLogin(t.app);
    const [c] = await fill(between);
    await remind(later(25));
    expect(await remindersTo(between)).toHaveLength(1);
    await order(between, c!.id);
    await deliver();
    const [row] = await remindersTo(between);
    expect(row).toMatchObject({
      status: 'skipped',
      lastError: 'The cart was ordered or emptied since',
    });
  });

  it('is never sent for a cart emptied, nor after unsubscribing', async () => {
    const emptied = await registerAndLogin(t.app);
    const [a, b] = await fill(emptied);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/cart/changes',
      headers: authHeader(emptied.token),
      payload: {
        changes: [a!, b!].map((p) => ({ op: 'remove', productId: p.id, size: '', color: '' })),
      },
    });
    await remind(later(25));
    expect(await remindersTo(emptied)).toEqual([]);

    const off = await registerAndLogin(t.app);
    await fill(off);
    const token = await signReminderToken(testJwtSecret, {
      storeId: DEFAULT_STORE_ID,
      userId: off.id,
    });
    // a mail client's one-click post: a form, the token in the address
    const oneClick = await post(
      `one-click?token=${encodeURIComponent(token)}`,
      'List-Unsubscribe=One-Click',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    await remind(later(25));
    expect(await remindersTo(off)).toEqual([]);

    // changed their mind: the page's "Send them again"
    expect((await post('subscribe', { token })).json()).toEqual({ subscribed: true });
    await remind(later(25));
    expect(await remindersTo(off)).toHaveLength(1);
  });

  it('comes once per round: a cart changed after its reminder gets none, a new cart after an order gets its own', async () => {
    const u = await registerAndLogin(t.app);
    const [a] = await fill(u);
    await remind(later(25));
    await fill(u, 3);
    await remind(later(50));
    expect(await remindersTo(u)).toHaveLength(1);

    await order(u, a!.id);
    await fill(u);
    await remind(later(75));
    const rows = await remindersTo(u);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(2);
  });

  it('is queued once when several processes run the job at the same moment', async () => {
    const second = await createTestApp({ publicBaseUrl: BASE }, { sameDatabaseAs: t });
    try {
      const shoppers = await Promise.all([1, 2, 3].map(() => registerAndLogin(t.app)));
      for (const u of shoppers) await fill(u);
      const now = later(25);
      const runs = await Promise.all([
        remind(now),
        remind(now, second),
        remind(now),
        remind(now, second),
      ]);
      for (const u of shoppers) expect(await remindersTo(u)).toHaveLength(1);
      expect(runs.reduce((sum, r) => sum + r.queued, 0)).toBeGreaterThanOrEqual(3);
    } finally {
      await second.close();
    }
  });
});

describe('the unsubscribe link', () => {
  it('refuses a token that is not one: forged, a session token, another store’s', async () => {
    const u = await registerAndLogin(t.app);
    const otherStore = await signReminderToken(testJwtSecret, {
      storeId: 'elsewhere',
      userId: u.id,
    });
    const forged = await signReminderToken(new TextEncoder().encode('x'.repeat(40)), {
      storeId: DEFAULT_STORE_ID,
      userId: u.id,
    });
    for (const token of ['nonsense', u.token, otherStore, forged]) {
      const res = await post('unsubscribe', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_UNSUBSCRIBE_LINK, code: 'bad_request' });
    }
    expect((await post('unsubscribe', {})).statusCode).toBe(400);
    expect((await post('unsubscribe', { token: 'x'.repeat(2001) })).statusCode).toBe(400);
  });

  it('opened in a browser from a mail client, leads to the page that asks', async () => {
    const res = await t.app.inject({ url: '/api/v1/cart-reminders/one-click?token=abc.def' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/unsubscribe#token=abc.def');
  });

  it('is listed in the demo outbox for the staff, with the link', async () => {
    const u = await registerAndLogin(t.app);
    await fill(u);
    await remind(later(25));
    await deliver();
    const staff = await signInStaff(t.app, t.db, 'staff');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: staff.headers,
    });
    const opened = await t.app.inject({
      url: ticket.json().url as string,
      headers: { accept: 'text/html' },
    });
    const cookie = String(opened.headers['set-cookie'] ?? '').split(';')[0]!;
    const list = await t.app.inject({
      url: '/demo/outbox',
      headers: { accept: 'text/html', cookie },
    });
    expect(list.body).toContain('Cart reminder');
    const [row] = await remindersTo(u);
    const message = await t.app.inject({
      url: `/demo/outbox/${row!.id}`,
      headers: { accept: 'text/html', cookie },
    });
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('Unsubscribe from cart reminders');
  });
});
