/**
 * Issue 27 item 6: the contact form and the newsletter deliver. A message is kept for the back
 * office's Messages inbox and e-mailed to the owner; a sign-up is kept with its consent time,
 * confirmed by e-mail (double opt-in), listed and exported, and can be unsubscribed.
 */
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_NEWSLETTER_LINK } from '@store/contracts/messages';
import { contactMessages, emailOutbox, newsletterSubscribers } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, testJwtSecret, type TestApp } from '../../test/test-app';
import { deliverDueEmails } from '../mail/mail-sender.service';
import type { memoryTransport } from '../mail/mail-transport';
import { signNewsletterToken } from './messages.service';

const BASE = 'https://shop.example.in';
let t: TestApp;
let owner: SignedInStaff;
let clerk: SignedInStaff;
let woken = 0;
beforeAll(async () => {
  t = await createTestApp({ publicBaseUrl: BASE, onEmailQueued: () => woken++ });
  owner = await signInStaff(t.app, t.db, 'owner');
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

// each request from its own address, so only the limit tests meet the limits
let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;
const post = (url: string, payload: object, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
const admin = (who: SignedInStaff, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: who.headers, payload });

const outboxOf = (kind: string, to?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), ...(to ? [eq(emailOutbox.toAddress, to)] : [])));

const deliver = () => {
  const { transport, ...settings } = t.app.mail;
  return deliverDueEmails(t.db, transport, settings);
};
const sentMessage = async (outboxId: string) => {
  const raw = await (t.app.mail.transport as ReturnType<typeof memoryTransport>).readRaw(outboxId);
  expect(raw).not.toBeNull();
  return simpleParser(raw!);
};

const unique = () => Math.random().toString(36).slice(2, 8);
const contact = (extra: object = {}) => ({
  name: 'Asha Verma',
  email: `asha-${unique()}@example.in`,
  subject: `Bulk order ${unique()}`,
  message: 'Do you offer a discount for 200 diaries?\nWe are a school in Pune.',
  ...extra,
});

describe('the contact form', () => {
  it('keeps the message for the inbox and e-mails each owner once, replying to the visitor', async () => {
    const before = woken;
    const sent = contact();
    const res = await post('/contact', sent);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect(woken).toBe(before + 1);

    const [kept] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, sent.subject));
    expect(kept).toMatchObject({ name: 'Asha Verma', email: sent.email, readAt: null });

    // one e-mail to each owner, none to staff who did not opt in
    const mails = (await outboxOf('contact_message')).filter(
      (m) => (m.data as { messageId?: string }).messageId === kept!.id,
    );
    const to = mails.map((m) => m.toAddress);
    expect(to).toContain(owner.email);
    expect(to).not.toContain(clerk.email);
    expect(new Set(to).size).toBe(to.length);

    await deliver();
    const mine = mails.find((m) => m.toAddress === owner.email)!;
    const mail = await sentMessage(mine.id);
    expect(mail.subject).toBe(`New message: ${sent.subject}`);
    expect(mail.replyTo?.text).toBe(sent.email);
    expect(mail.text).toContain('Do you offer a discount for 200 diaries?');
    expect(mail.html).toContain(`${BASE}/admin/messages/${kept!.id}`);
  });

  it('shows in Messages newest first, unread until marked read, for any staff member', async () => {
    const first = contact();
    const second = contact();
    expect((await post('/contact', first)).statusCode).toBe(201);
    expect((await post('/contact', second)).statusCode).toBe(201);

    const list = await admin(clerk, '/messages');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as {
      data: { id: string; subject: string; readAt: null | string }[];
      unread: number;
    };
    expect(body.data.slice(0, 2).map((m) => m.subject)).toEqual([second.subject, first.subject]);
    const unreadBefore = body.unread;
    expect(unreadBefore).toBeGreaterThanOrEqual(2);

    const id = body.data[0]!.id;
    expect((await admin(clerk, `/messages/${id}/read`, 'POST', { read: true })).statusCode).toBe(
      204,
    );
    const after = (await admin(owner, '/messages')).json() as typeof body;
    expect(after.data[0]!.readAt).not.toBeNull();
    expect(after.unread).toBe(unreadBefore - 1);

    expect((await admin(owner, `/messages/${id}/read`, 'POST', { read: false })).statusCode).toBe(
      204,
    );
    expect(((await admin(owner, '/messages')).json() as typeof body).unread).toBe(unreadBefore);

    const one = await admin(clerk, `/messages/${id}`);
    expect(one.json()).toMatchObject({ id, subject: second.subject, message: second.message });
    expect((await admin(clerk, `/messages/${crypto.randomUUID()}`)).statusCode).toBe(404);

    const unknown = await admin(owner, `/messages/${crypto.randomUUID()}/read`, 'POST', {
      read: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/messages' })).statusCode).toBe(
      401,
    );
  });

  it('refuses bad input with 400 {error, code} and keeps nothing', async () => {
    const cases = [
      contact({ name: '   ' }),
      contact({ email: 'asha@example' }),
      contact({ message: 'x'.repeat(5001) }),
      contact({ subject: 'a\u0007b' }),
      contact({ extra: 'field' }),
      { name: 'Asha' },
    ];
    for (const payload of cases) {
      const res = await post('/contact', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: 'invalid_input' });
    }
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'asha@example'));
    expect(row).toBeUndefined();
  });

  it('answers a filled honeypot like any other, and keeps and sends nothing', async () => {
    const trap = contact({ website: 'http://spam.example' });
    const res = await post('/contact', trap);
    expect(res.statusCode).toBe(201);
    expect(
      await t.db.select().from(contactMessages).where(eq(contactMessages.subject, trap.subject)),
    ).toEqual([]);
  });

  it('is limited per address: the 11th message in 10 minutes is refused with 429', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 10; i++)
      expect((await post('/contact', contact(), address)).statusCode).toBe(201);
    const refused = await post('/contact', contact(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await post('/contact', contact())).statusCode).toBe(201);
  });
});

describe('the newsletter', () => {
  const subscriberOf = async (email: string) =>
    (
      await t.db
        .select()
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.storeId, DEFAULT_STORE_ID),
            eq(newsletterSubscribers.email, email),
          ),
        )
    )[0];
  const listed = async () =>
    (await admin(owner, '/newsletter?limit=100')).json() as {
      data: { email: string; consentedAt: string; confirmedAt: string }[];
      awaitingConfirmation: number;
    };

  it('keeps the consent, e-mails a confirmation, and lists the reader only once confirmed', async () => {
    const email = `Reader-${unique()}@Example.in`;
    const res = await post('/newsletter', { email });
    expect(res.statusCode, res.body).toBe(201);
    const lower = email.toLowerCase();
    const row = await subscriberOf(lower);
    expect(row).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    expect(Date.now() - row!.consentedAt.getTime()).toBeLessThan(60_000);
    expect((await listed()).data.map((s) => s.email)).not.toContain(lower);
    expect((await listed()).awaitingConfirmation).toBeGreaterThanOrEqual(1);

    const [confirmation] = await outboxOf('newsletter_confirm', lower);
    expect(confirmation).toBeDefined();
    await deliver();
    const mail = await sentMessage(confirmation!.id);
    expect(mail.subject).toMatch(/^Confirm your .+ newsletter subscription$/);
    const link = /https:\/\/shop\.example\.in\/newsletter#token=([^"&\s]+)/.exec(String(mail.html));
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // a browser opening the API's address is sent to the page that asks first
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v1/newsletter/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/newsletter#token=${encodeURIComponent(token)}`);
    expect((await subscriberOf(lower))!.confirmedAt).toBeNull();

    const confirmed = await post('/newsletter/confirm', { token });
    expect(confirmed.json()).toEqual({ subscribed: true });
    const entry = (await listed()).data.find((s) => s.email === lower);
    expect(entry?.consentedAt).toBe(row!.consentedAt.toISOString());
    expect(entry?.confirmedAt).toBeDefined();

    // signing up again once subscribed sends nothing more
    expect((await post('/newsletter', { email })).statusCode).toBe(201);
    expect(await outboxOf('newsletter_confirm', lower)).toHaveLength(1);
  });

  it('unsubscribes with the link (or one click), leaves the list and the export, and can come back', async () => {
    const email = `reader-${unique()}@example.in`;
    await post('/newsletter', { email });
    const row = await subscriberOf(email);
    const token = await signNewsletterToken(testJwtSecret, {
      storeId: DEFAULT_STORE_ID,
      subscriberId: row!.id,
    });
    await post('/newsletter/confirm', { token });

    const csv = await admin(owner, '/newsletter/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,consented_at,confirmed_at,unsubscribe_url');
    const line = lines.find((l) => l.startsWith(`${email},`));
    expect(line).toContain(`${row!.consentedAt.toISOString()},`);
    expect(line).toMatch(
      /,https:\/\/shop\.example\.in\/newsletter#token=[^,]+&action=unsubscribe$/,
    );

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/newsletter/one-click?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ subscribed: false });
    expect((await listed()).data.map((s) => s.email)).not.toContain(email);
    expect((await admin(owner, '/newsletter/export.csv')).body).not.toContain(email);

    // "Subscribe again" on the page: the token proves the inbox; consent is new
    expect((await post('/newsletter/confirm', { token })).json()).toEqual({ subscribed: true });
    const back = await subscriberOf(email);
    expect(back!.unsubscribedAt).toBeNull();
    expect(back!.consentedAt.getTime()).toBeGreaterThan(row!.consentedAt.getTime());
  });

  it('refuses a link that is not ours, with 400 {error, code}', async () => {
    for (const token of [
      'not-a-token',
      await signNewsletterToken(testJwtSecret, {
        storeId: 'other-store',
        subscriberId: crypto.randomUUID(),
      }),
    ]) {
      const res = await post('/newsletter/unsubscribe', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_NEWSLETTER_LINK, code: 'bad_request' });
    }
    const bad = await post('/newsletter', { email: 'x'.repeat(300) + '@example.in' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input' });
  });

  it('asks one inbox at most 5 times an hour, and keeps a honeypot sign-up nowhere', async () => {
    const email = `flood-${unique()}@example.in`;
    for (let i = 0; i < 5; i++) expect((await post('/newsletter', { email })).statusCode).toBe(201);
    expect((await post('/newsletter', { email })).statusCode).toBe(429);

    const trap = `bot-${unique()}@example.in`;
    expect((await post('/newsletter', { email: trap, website: 'x' })).statusCode).toBe(201);
    expect(await subscriberOf(trap)).toBeUndefined();
  });
});
