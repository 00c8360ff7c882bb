import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, staffOutboxTickets, stores } from '../../db/schema';
import { signInStaff, STAFF_TEST_PASSWORD, type SignedInStaff } from '../../test/staff';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { addStaff } from '../staff/staff.service';
import { commandLineActor } from '../activity/activity.service';
import { deliverDueEmails } from './mail-sender.service';
import type { memoryTransport } from './mail-transport';

/*
 * The demo outbox holds every shopper's e-mails, password-reset links included: before issue 23
 * anyone could list it and take over an account with a reset. Now only the shop's staff may, by a
 * ticket from the back office swapped for a pass cookie.
 */

let t: TestApp;
let staff: SignedInStaff;
const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The back office's way in: a ticket over the API, then the browser opening its URL. */
async function openOutbox(who: SignedInStaff, headers: Record<string, string> = {}) {
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/outbox-ticket',
    headers: { ...who.headers, ...headers },
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const { url } = ticket.json() as { url: string };
  const opened = await get(url, browser);
  return { url, opened, cookie: String(opened.headers['set-cookie'] ?? '').split(';')[0]! };
}

async function resetEmailFor(email: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot-password',
    remoteAddress: '198.51.100.23',
    payload: { email },
  });
  expect(asked.statusCode).toBe(202);
  const queued = () => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  // the reset is queued after the answer (its timing tells nothing): wait for the row
  await expect.poll(async () => (await queued()).length).toBe(1);
  // the link's token: the sender drops it from the row once the message is written
  const token = String((await queued())[0]!.data.token);
  const { transport, ...rest } = t.app.mail;
  await deliverDueEmails(t.db, transport, { ...rest, now: new Date(Date.now() + 60_000) });
  const [row] = await queued();
  expect(row?.status).toBe('sent');
  return { id: row!.id, token };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

describe('the demo outbox refuses whoever is not the shop’s staff', () => {
  it('shows an anonymous visitor neither the list, nor a message, nor its .eml: no reset link leaks', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id, token } = await resetEmailFor(shopper.email);

    for (const url of ['/demo/outbox', `/demo/outbox/${id}`, `/demo/outbox/${id}.eml`]) {
      const page = await get(url, browser);
      expect(page.statusCode, url).toBe(401);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<a href="/admin">Sign in to the back office</a>');
      expect(page.body).not.toContain(token);
      expect(page.body).not.toContain(shopper.email);

      const api = await get(url, { accept: 'application/json' });
      expect(api.statusCode).toBe(401);
      expect(api.json()).toEqual({
        error:
          'The demo outbox holds shoppers’ e-mails and is for the shop’s staff: open it from the back office',
        code: 'unauthenticated',
      });
    }
  });

  it('refuses a signed-in shopper, a staff Bearer token sent directly, and a forged pass', async () => {
    const shopper = await registerAndLogin(t.app);
    expect(
      (await get('/demo/outbox', { authorization: `Bearer ${shopper.token}` })).statusCode,
    ).toBe(401);
    // the Bearer token is the API's; the outbox takes only its own pass
    expect((await get('/demo/outbox', staff.headers)).statusCode).toBe(401);
    const { cookie } = await openOutbox(staff);
    const [name, value] = cookie.split('=');
    const [hash] = value!.split('.');
    const forged = `${name}=${hash}.${'A'.repeat(43)}`;
    expect((await get('/demo/outbox', { cookie: forged })).statusCode).toBe(401);
    expect((await get('/demo/outbox', { cookie: `${name}=${hash}` })).statusCode).toBe(401);
  });
});

describe('a staff member opens the outbox from the back office', () => {
  it('swaps a one-time ticket for an HttpOnly, SameSite=Strict pass on the outbox’s path, then lists and opens the e-mails', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id, token } = await resetEmailFor(shopper.email);

    const { url, opened, cookie } = await openOutbox(staff);
    expect(url).toMatch(/^\/demo\/outbox\?ticket=ot_[\w-]{43}$/);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/demo/outbox');
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/^outbox_pass=[\w-]+\.[\w-]+; /);
    expect(setCookie).toContain('Path=/demo/outbox');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toMatch(/Max-Age=(4[0-3]|3\d)\d{3}/); // the session's 12 hours, less a moment

    // the ticket was for one use
    const again = await get(url, browser);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('This link to the demo outbox has expired or was used already');

    const list = await get('/demo/outbox', { ...browser, cookie });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(shopper.email);
    expect(list.body).toContain(`/demo/outbox/${id}`);
    // a link clicked on the list must carry the SameSite=Strict pass: the list keeps its origin,
    // allowed no script; the e-mail itself is shown in an opaque origin
    const listCsp = String(list.headers['content-security-policy']);
    expect(listCsp).toContain('sandbox allow-same-origin');
    expect(listCsp).not.toContain('allow-scripts');
    expect(listCsp).toContain("default-src 'none'");
    const message = await get(`/demo/outbox/${id}`, { ...browser, cookie });
    expect(message.statusCode).toBe(200);
    expect(String(message.headers['content-security-policy'])).not.toContain('allow-same-origin');
    expect(message.body).toContain(token);
    const raw = await get(`/demo/outbox/${id}.eml`, { cookie });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('message/rfc822');
  });

  it('refuses an expired ticket, and the pass ends with the staff session (sign-out)', async () => {
    const person = await signInStaff(t.app, t.db, 'staff');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: person.headers,
    });
    await t.db.update(staffOutboxTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await get(ticket.json<{ url: string }>().url, browser)).statusCode).toBe(401);

    const { cookie } = await openOutbox(person);
    expect((await get('/demo/outbox', { cookie })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/session',
      headers: person.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await get('/demo/outbox', { cookie })).statusCode).toBe(401);
  });

  it('needs a back-office session for a ticket, and GET /admin/session says the outbox exists', async () => {
    const shopper = await registerAndLogin(t.app);
    const asShopper = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(asShopper.statusCode).toBe(401);
    const me = await get('/api/v1/admin/session', staff.headers);
    expect(me.json()).toMatchObject({ demoOutbox: true });
  });
});

describe('one store’s outbox', () => {
  it('lists and opens only the e-mails of the staff member’s own store', async () => {
    await t.db
      .insert(stores)
      .values({
        id: 'outbox-other',
        storeName: 'Other',
        companyName: 'Other Pvt Ltd',
        companyAddress: 'Elsewhere',
        companyEmail: 'other@example.com',
        companyPhone: '9999999999',
        domains: ['other-shop.example'],
      })
      .onConflictDoNothing();
    t.app.reloadStores();
    const [elsewhere] = await t.db
      .insert(emailOutbox)
      .values({
        storeId: 'outbox-other',
        kind: 'password_reset',
        dedupeKey: 'outbox-other:reset',
        toAddress: 'someone@other-shop.example',
        status: 'sent',
        subject: 'Reset your Other password',
        sentAt: new Date(),
      })
      .returning();
    (t.app.mail.transport as ReturnType<typeof memoryTransport>).sent.set(
      elsewhere!.id,
      Buffer.from('Subject: Reset your Other password\r\n\r\nsecret link\r\n'),
    );

    const { cookie } = await openOutbox(staff);
    const list = await get('/demo/outbox', { cookie });
    expect(list.body).not.toContain('someone@other-shop.example');
    expect((await get(`/demo/outbox/${elsewhere!.id}`, { cookie })).statusCode).toBe(404);
    expect((await get(`/demo/outbox/${elsewhere!.id}.eml`, { cookie })).statusCode).toBe(404);

    // the other store's staff see theirs, and their ticket opens nothing on this store's host
    await addStaff(t.db, commandLineActor('outbox-other'), {
      email: 'owner@other-shop.example',
      password: STAFF_TEST_PASSWORD,
      role: 'owner',
    });
    const host = { 'x-store-domain': 'other-shop.example' };
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      headers: host,
      payload: { email: 'owner@other-shop.example', password: STAFF_TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const other: SignedInStaff = {
      id: '',
      email: 'owner@other-shop.example',
      token: signIn.json<{ token: string }>().token,
      headers: { authorization: `Bearer ${signIn.json<{ token: string }>().token}` },
    };
    const theirs = await openOutbox(other, host);
    expect(theirs.opened.statusCode).toBe(401);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: { ...other.headers, ...host },
    });
    const opened = await get(ticket.json<{ url: string }>().url, { ...browser, ...host });
    expect(opened.statusCode).toBe(303);
    const otherCookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const otherList = await get('/demo/outbox', { cookie: otherCookie, ...host });
    expect(otherList.body).toContain('someone@other-shop.example');
  });
});
