import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, payments } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff } from '../../test/staff';
import { createTestApp, placeTestOrder, registerAndLogin, type TestApp } from '../../test/test-app';
import { expireUnpaidOrders, transitionOrder } from '../orders/order-transitions.service';
import { defaultPaymentsEnv, paymentConfigFromEnv } from '../payments/payment-config';
import { recordRefund } from '../payments/refunds.service';
import { deliverDueEmails, MAIL_MAX_ATTEMPTS } from './mail-sender.service';
import { fileTransport, smtpTransport, type MailTransport } from './mail-transport';
import { queueEmail, queueOrderEmail } from './outbox.service';

const BASE = 'https://shop.example.in';
const settings = { baseUrl: BASE };

/** A real SMTP server on a free port; `refuse` makes it answer every message with a 451. */
async function startSmtp() {
  const received: { raw: Buffer; mail: ParsedMail }[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    // plain SMTP on loopback: no certificate to trust, no login
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuse) {
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            received.push({ raw, mail });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const outboxOf = (t: TestApp, key: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));

/** Every href of an HTML e-mail. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

describe('transactional e-mail over SMTP', () => {
  let t: TestApp;
  let smtp: Smtp;
  const transport = () => smtpTransport(smtp.url);
  const deliver = (over: Partial<Parameters<typeof deliverDueEmails>[2]> = {}) =>
    deliverDueEmails(t.db, transport(), { ...settings, ...over });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ mail: { transport: transport(), baseUrl: BASE } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    // nothing left over for the next test's deliver()
    await deliver({ now: new Date(Date.now() + 24 * 3600_000) });
    smtp.received.length = 0;
    smtp.state.refuse = false;
  });

  it('sends one confirmation, payment and shipping e-mail per order, even when the transition and the job run twice', async () => {
    const shopper = await registerAndLogin(t.app);
    const orderId = await placePaidOrder(t.app, shopper.token);
    await transitionOrder(t.db, orderId, 'ship', {
      carrier: 'Delhivery',
      trackingNumber: '1234567890123',
    });
    await expect(
      transitionOrder(t.db, orderId, 'ship', {
        carrier: 'Delhivery',
        trackingNumber: '1234567890123',
      }),
    ).rejects.toThrow();
    // a replayed notification or a retried job queues nothing new
    await t.db.transaction((tx) => queueOrderEmail(tx, orderId, 'paid'));

    const before = smtp.received.length;
    const [first, second] = await Promise.all([deliver(), deliver()]);
    expect(first!.sent + second!.sent).toBe(smtp.received.length - before);
    expect((await deliver()).sent).toBe(0);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const to = order!.receiptEmail ?? order!.contactEmail;
    // the owner's "New order" (modules/notices) is sent once too; the rest are the shopper's
    const owners = smtp.received.filter((r) => r.mail.subject?.startsWith(`New order ${orderId}:`));
    expect(owners).toHaveLength(1);
    const byOrder = smtp.received.filter(
      (r) => r.mail.subject?.includes(orderId) && !owners.includes(r),
    );
    expect(byOrder).toHaveLength(3);
    const subjects = byOrder.map((r) => r.mail.subject).sort();
    expect(subjects).toEqual(
      [
        `Order ${orderId} has shipped`,
        `Payment received for order ${orderId}`,
        `Your Kagaz & Kalam order ${orderId}`,
      ].sort(),
    );
    const total = `₹${(order!.totalPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    for (const { mail } of byOrder) {
      // placed before the payment form named a receipt address: the account's; later ones: the receipt's
      const placed = mail.subject?.startsWith('Your ');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(
        placed ? order!.contactEmail : to,
      );
      expect(mail.from?.value[0]).toMatchObject({
        name: 'Kagaz & Kalam',
        address: 'hello@kagazkalam.in',
      });
      const html = typeof mail.html === 'string' ? mail.html : '';
      expect(html).toContain(total);
      expect(mail.text).toContain(total);
      expect(mail.text).toContain(`${BASE}/track-order?id=${orderId}`);
      // every link is absolute: the shop's own, the carrier's page, or mail to the shop
      for (const href of hrefs(html))
        expect(href).toMatch(
          /^(https:\/\/shop\.example\.in\/|https:\/\/www\.delhivery\.com\/|mailto:)/,
        );
      expect(hrefs(html)).toContain(`${BASE}/orders`);
      // mail clients show no SVG: the logo is the PNG drawn from it, named by the store
      expect(html).toContain(`src="${BASE}/email/logo.png"`);
      expect(html).toContain('alt="Kagaz &amp; Kalam"');
      expect(html).not.toContain('.svg');
      expect(mail.messageId).toMatch(/@shop\.example\.in>$/);
    }
    const shipped = byOrder.find((r) => r.mail.subject?.includes('shipped'))!.mail;
    expect(shipped.text).toContain('1234567890123');
    expect(shipped.text).toContain('Delhivery');
    expect(hrefs(String(shipped.html))).toContain(
      'https://www.delhivery.com/track-v2/package/1234567890123',
    );
    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} like ${`order:${orderId}:%`}`);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('keeps a refused e-mail and sends it later, with growing delays, until it gives up', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id } = await placeTestOrder(t.app, shopper.token, 1);
    smtp.state.refuse = true;
    const start = new Date();
    expect(await deliver({ now: start, retryBaseMs: 60_000 })).toMatchObject({ retrying: 1 });
    const [row] = await outboxOf(t, `order:${id}:placed`);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451|busy/i);
    expect(row!.nextAttemptAt.getTime() - start.getTime()).toBe(60_000);
    // not due yet: nothing is tried
    expect((await deliver({ now: new Date(start.getTime() + 30_000) })).retrying).toBe(0);
    const later = new Date(start.getTime() + 61_000);
    await deliver({ now: later, retryBaseMs: 60_000 });
    const [again] = await outboxOf(t, `order:${id}:placed`);
    expect(again!.nextAttemptAt.getTime() - later.getTime()).toBe(120_000);

    smtp.state.refuse = false;
    expect((await deliver({ now: new Date(later.getTime() + 121_000) })).sent).toBe(1);
    expect(smtp.received.filter((r) => r.mail.subject?.includes(id))).toHaveLength(1);
    const [sent] = await outboxOf(t, `order:${id}:placed`);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('marks an e-mail failed after the last attempt', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id } = await placeTestOrder(t.app, shopper.token, 1);
    smtp.state.refuse = true;
    let now = Date.now();
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      await deliver({ now: new Date(now), retryBaseMs: 1 });
      now += 10_000;
    }
    const [row] = await outboxOf(t, `order:${id}:placed`);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(row!.lastError).toBeTruthy();
  });

  it('resends a message whose sender died mid-send under the same Message-ID, after its lease', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id } = await placeTestOrder(t.app, shopper.token, 1);
    await deliver();
    const [row] = await outboxOf(t, `order:${id}:placed`);
    // as if the process had died after the SMTP server accepted it, before it was marked sent
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', nextAttemptAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(emailOutbox.id, row!.id));
    expect((await deliver()).sent).toBe(0);
    expect((await deliver({ now: new Date(Date.now() + 6 * 60_000) })).sent).toBe(1);
    const copies = smtp.received.filter((r) => r.mail.subject?.includes(id));
    expect(copies).toHaveLength(2);
    expect(copies[0]!.mail.messageId).toBe(`<${row!.id}@shop.example.in>`);
    expect(copies[1]!.mail.messageId).toBe(copies[0]!.mail.messageId);
  });

  it('drops a reset token from the outbox when its e-mail is given up', async () => {
    const key = `reset:gave-up-${Date.now()}`;
    await t.db.transaction((tx) =>
      queueEmail(tx, {
        storeId: DEFAULT_STORE_ID,
        kind: 'password_reset',
        key,
        to: 'asha@example.in',
        data: { token: 'never-kept', firstName: 'Asha' },
      }),
    );
    smtp.state.refuse = true;
    await deliver({ maxAttempts: 1 });
    const [row] = await outboxOf(t, key);
    expect(row?.status).toBe('failed');
    expect(JSON.stringify(row?.data)).not.toContain('never-kept');
  });

  it('never sends a message another process claimed while a slow send used up the lease', async () => {
    const keys = [`lease:a-${Date.now()}`, `lease:b-${Date.now()}`];
    for (const key of keys) {
      await t.db.transaction((tx) =>
        queueEmail(tx, {
          storeId: DEFAULT_STORE_ID,
          kind: 'password_reset',
          key,
          to: 'asha@example.in',
          data: { token: 'lease-test', firstName: 'Asha' },
        }),
      );
    }
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const slow: MailTransport = {
      kind: 'memory',
      async send(email) {
        sent.push(email.outboxId);
        if (sent.length === 1) {
          firstStarted();
          await gate;
        }
      },
      readRaw: async () => null,
      close: () => {},
    };
    const first = deliverDueEmails(t.db, slow, settings);
    await started;
    // meanwhile the lease of the batch's other row ran out and another process claimed it
    const ours = await Promise.all(keys.map(async (k) => (await outboxOf(t, k))[0]!));
    const other = ours.find((r) => r.id !== sent[0])!;
    await t.db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, other.id));
    release();
    await first;
    expect(sent).not.toContain(other.id);
    expect(sent.filter((id) => id === sent[0])).toHaveLength(1);
  });

  it('tells of a cancelled order once, however often the expiry runs', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id } = await placeTestOrder(t.app, shopper.token, 1);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(orders.id, id));
    await expireUnpaidOrders(t.db, { olderThanMs: 30 * 60_000 });
    await expireUnpaidOrders(t.db, { olderThanMs: 30 * 60_000 });
    await deliver();
    const mails = smtp.received.filter((r) => r.mail.subject === `Order ${id} was cancelled`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.text).toContain('not paid in time');
  });

  it('sends a refund e-mail with its amount and reference', async () => {
    const shopper = await registerAndLogin(t.app);
    const orderId = await placePaidOrder(t.app, shopper.token);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
    // a sandbox payment is refunded by the shop itself (bank transfer, UPI): it counts at once
    const refund = await recordRefund(t.db, paymentConfigFromEnv(defaultPaymentsEnv, 'unused'), {
      paymentId: payment!.id,
      amountPaise: 5050,
      reference: 'UTR998877',
    });
    await deliver();
    const mail = smtp.received.find(
      (r) => r.mail.subject === `Refund of ₹50.50 for order ${orderId}`,
    );
    expect(mail).toBeDefined();
    expect(mail!.mail.text).toContain('UTR998877');
    expect((await outboxOf(t, `refund:${refund.id}`))[0]?.status).toBe('sent');
  });

  it('sends a password reset link that is absolute, carries the token and says when it expires', async () => {
    const token = 'abc+/=def ghi';
    const key = `reset:test-${Date.now()}`;
    await t.db.transaction((tx) =>
      queueEmail(tx, {
        storeId: DEFAULT_STORE_ID,
        kind: 'password_reset',
        key,
        to: 'asha@example.in',
        data: { token, firstName: 'Asha' },
      }),
    );
    await deliver();
    const mail = smtp.received.find((r) => r.mail.subject === 'Reset your Kagaz & Kalam password');
    expect(mail).toBeDefined();
    const link = `${BASE}/reset-password#token=${encodeURIComponent(token)}`;
    expect(hrefs(String(mail!.mail.html)).map((h) => h.replace(/&amp;/g, '&'))).toContain(link);
    expect(mail!.mail.text).toContain(link);
    expect(mail!.mail.text).toContain('30 minutes');
    expect(mail!.mail.text).toMatch(/safely ignore/);
    expect(mail!.mail.text).toContain('Hello Asha');
    // the token opens the account for 30 minutes: it is not kept once the e-mail is out
    const [row] = await outboxOf(t, key);
    expect(row?.status).toBe('sent');
    expect(JSON.stringify(row?.data)).not.toContain('abc+');
  });

  it('sends an e-mail queued in the same millisecond as the delivery that follows it', async () => {
    // The kick after a commit runs at once. The database keeps microseconds and a JS clock
    // milliseconds: a row stamped by the database at .123456 was not yet due at .123, so the
    // e-mail waited for the next minute's run (and this suite failed on PostgreSQL now and then).
    const key = `reset:same-ms-${Date.now()}`;
    await t.db.transaction((tx) =>
      queueEmail(tx, {
        storeId: DEFAULT_STORE_ID,
        kind: 'password_reset',
        key,
        to: 'ravi@example.in',
        data: { token: 'same-ms', firstName: 'Ravi' },
      }),
    );
    const [queued] = await outboxOf(t, key);
    // the driver reads the stamp back to the millisecond: the clock a delivery right after sees
    const report = await deliver({ now: queued!.nextAttemptAt });
    expect(report.sent).toBe(1);
    expect((await outboxOf(t, key))[0]?.status).toBe('sent');
  });

  it('sends no "payment received" for a cash-on-delivery order still to collect', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id } = await placeTestOrder(t.app, shopper.token, 1);
    await t.db.update(orders).set({ codStatus: 'to_collect' }).where(eq(orders.id, id));
    await t.db.transaction((tx) => queueOrderEmail(tx, id, 'paid'));
    expect(await outboxOf(t, `order:${id}:paid`)).toEqual([]);
    await t.db.update(orders).set({ codStatus: 'collected' }).where(eq(orders.id, id));
    await t.db.transaction((tx) => queueOrderEmail(tx, id, 'paid'));
    expect(await outboxOf(t, `order:${id}:paid`)).toHaveLength(1);
  });

  it('has no demo outbox when mail goes over SMTP, and the back office is told so', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/demo/outbox' })).statusCode).toBe(404);
    const owner = await signInStaff(t.app, t.db, 'owner');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: owner.headers,
    });
    expect(me.json()).toMatchObject({ demoOutbox: false });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: owner.headers,
    });
    expect(ticket.statusCode).toBe(404);
    expect(ticket.json()).toEqual({
      error: 'There is no demo outbox: this store sends its e-mails by SMTP',
      code: 'not_found',
    });
  });
});

describe('the .eml file transport and the demo outbox', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-outbox-'));
    t = await createTestApp({
      mail: { transport: fileTransport(dir), baseUrl: 'http://localhost:3000' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each e-mail as a parseable .eml file and lists it, newest first, on a script-free page', async () => {
    const shopper = await registerAndLogin(t.app);
    const { id } = await placeTestOrder(t.app, shopper.token, 1);
    const { transport, ...rest } = t.app.mail;
    expect((await deliverDueEmails(t.db, transport, rest)).sent).toBeGreaterThanOrEqual(1);
    const [row] = await outboxOf(t, `order:${id}:placed`);
    const file = join(dir, `${row!.id}.eml`);
    expect(readdirSync(dir)).toContain(`${row!.id}.eml`);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.subject).toBe(`Your Kagaz & Kalam order ${id}`);
    expect(mail.text).toContain(`http://localhost:3000/track-order?id=${id}`);

    // the shop's staff only, through the back office's ticket (demo-outbox.test.ts)
    const staff = await signInStaff(t.app, t.db, 'staff');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/outbox-ticket',
      headers: staff.headers,
    });
    const opened = await t.app.inject({ method: 'GET', url: ticket.json<{ url: string }>().url });
    const headers = { cookie: String(opened.headers['set-cookie']).split(';')[0]! };
    const list = await t.app.inject({ method: 'GET', url: '/demo/outbox', headers });
    expect(list.statusCode).toBe(200);
    const csp = String(list.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(list.body).toContain(`Your Kagaz &amp; Kalam order ${id}`);
    expect(list.body).toContain(shopper.email);
    expect(list.body).toContain(`/demo/outbox/${row!.id}`);
    expect(list.body).not.toContain('<script');

    const page = await t.app.inject({ method: 'GET', url: `/demo/outbox/${row!.id}`, headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Thank you for your order!');
    expect(String(page.headers['content-security-policy'])).toContain('sandbox');

    const raw = await t.app.inject({
      method: 'GET',
      url: `/demo/outbox/${row!.id}.eml`,
      headers,
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect((await simpleParser(raw.rawPayload)).messageId).toBe(`<${row!.id}@localhost>`);

    expect(
      (await t.app.inject({ method: 'GET', url: '/demo/outbox/../../etc/passwd', headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/demo/outbox/00000000-0000-0000-0000-000000000000',
          headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
