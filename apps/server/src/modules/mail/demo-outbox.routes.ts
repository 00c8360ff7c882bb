import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { isUuid } from '@store/contracts/ids';
import { cookieValue } from '@store/contracts/session';
import { escapeHtml } from '@store/contracts/text';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { MailTransport } from './mail-transport';

/**
 * Who may look (modules/staff/outbox-pass.service.ts, given by app.ts: mail imports no module):
 * a ticket from the back office is swapped for a pass cookie, and a pass names a staff session.
 */
export interface DemoOutboxAccess {
  redeem(ticket: string): Promise<{ pass: string } | null>;
  staffOf(storeId: string, pass: string | undefined): Promise<{ sessionExpiresAt: Date } | null>;
}

/** A WhatsApp or SMS message the demo "sent" (modules/messaging, given by app.ts). */
export interface DemoOutboxMessage {
  channel: string | null;
  toPhone: string;
  kind: string;
  text: string;
  status: string;
  lastError: string | null;
  at: Date;
}

export interface DemoOutboxOptions {
  db: Db;
  transport: MailTransport;
  access: DemoOutboxAccess;
  /** the store's WhatsApp and SMS messages, newest first, listed below the e-mails */
  messages?: (storeId: string) => Promise<DemoOutboxMessage[]>;
}

const NOT_FOUND = { error: 'Not found', code: 'not_found' } as const;
/** The pass cookie: sent only to the outbox's own paths, never to a script or another site. */
export const OUTBOX_PASS_COOKIE = 'outbox_pass';
const OUTBOX_PATH = '/demo/outbox';
const refusals = {
  signIn:
    'The demo outbox holds shoppers’ e-mails and is for the shop’s staff: open it from the back office',
  ticket:
    'This link to the demo outbox has expired or was used already: open the outbox again from the back office',
} as const;
const html = 'text/html; charset=utf-8';

/**
 * The pages run no script at all: the e-mail's HTML is the store's own template, but it is still
 * shown sandboxed (no scripts, no forms, an opaque origin), images from anywhere an e-mail client
 * would load them, and never inside a frame.
 */
const cspOf = (sandbox: string) =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src http: https: data:',
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    sandbox,
  ].join('; ');
const PAGE_CSP = cspOf('sandbox allow-popups allow-popups-to-escape-sandbox');
/**
 * The list keeps its own origin (still no scripts, so nothing can use it): a link followed from
 * an opaque origin is cross-site to the browser, which would then hold back the SameSite=Strict
 * pass and refuse the staff member the message they clicked.
 */
const LIST_CSP = cspOf('sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox');

const kindLabel: Record<string, string> = {
  order_placed: 'Order placed',
  payment_received: 'Payment received',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund: 'Refund',
  password_reset: 'Password reset',
  account_invite: 'Account invitation',
  payment_link: 'Payment link',
  cart_reminder: 'Cart reminder',
  back_in_stock: 'Back in stock',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  contact_message: 'Contact message',
  newsletter_confirm: 'Newsletter confirmation',
  owner_new_order: 'New order (owner)',
  owner_return_requested: 'Return request (owner)',
  owner_low_stock: 'Low stock (owner)',
  owner_daily_summary: 'Daily summary (owner)',
};

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

const messageKindLabel: Record<string, string> = {
  order_placed: 'Order placed',
  order_shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  order_delivered: 'Delivered',
  refund_issued: 'Refund issued',
  cod_otp: 'Cash-on-delivery code',
};
const channelLabel: Record<string, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

function messagesTable(messages: readonly DemoOutboxMessage[]): string {
  const body = messages.length
    ? messages
        .map(
          (m) =>
            `<tr data-testid="outbox-message" data-kind="${escapeHtml(m.kind)}" data-channel="${escapeHtml(m.channel ?? '')}"><td>${escapeHtml(m.toPhone)}</td><td>${escapeHtml(channelLabel[m.channel ?? ''] ?? '–')}</td><td data-testid="outbox-message-text">${escapeHtml(m.text)}${m.lastError ? `<br><small>${escapeHtml(m.lastError)}</small>` : ''}</td><td>${escapeHtml(messageKindLabel[m.kind] ?? m.kind)}</td><td>${escapeHtml(m.status)}</td><td><time datetime="${m.at.toISOString()}">${escapeHtml(timeFormat.format(m.at))}</time></td></tr>`,
        )
        .join('\n')
    : '<tr><td colspan="6">No messages yet. Tick “Send me order updates on WhatsApp/SMS” at checkout and they appear here.</td></tr>';
  return `<h2>WhatsApp and SMS</h2>
<p>What the shop sent, or without a provider set (WHATSAPP_…, MSG91_…) would send, by WhatsApp or SMS: the text each template makes of its parameters.</p>
<table><thead><tr><th>To</th><th>Channel</th><th>Message</th><th>Kind</th><th>Status</th><th>Time</th></tr></thead>
<tbody>
${body}
</tbody></table>`;
}

function listPage(
  rows: (typeof emailOutbox.$inferSelect)[],
  messages: readonly DemoOutboxMessage[],
): string {
  const body = rows.length
    ? rows
        .map((r) => {
          const subject = escapeHtml(r.subject ?? `(${r.status})`);
          const link =
            r.status === 'sent'
              ? `<a href="/demo/outbox/${r.id}" data-testid="outbox-subject">${subject}</a> <a class="raw" href="/demo/outbox/${r.id}.eml">.eml</a>`
              : `<span data-testid="outbox-subject">${subject}</span>${r.lastError ? `<br><small>${escapeHtml(r.lastError)}</small>` : ''}`;
          return `<tr data-testid="outbox-row" data-kind="${escapeHtml(r.kind)}"><td>${escapeHtml(r.toAddress)}</td><td>${link}</td><td>${escapeHtml(kindLabel[r.kind] ?? r.kind)}</td><td>${escapeHtml(r.status)}</td><td><time datetime="${(r.sentAt ?? r.createdAt).toISOString()}">${escapeHtml(timeFormat.format(r.sentAt ?? r.createdAt))}</time></td></tr>`;
        })
        .join('\n')
    : '<tr><td colspan="5">No e-mails yet. Place an order in the shop and they appear here.</td></tr>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Demo outbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#fbf7f0;color:#2b2118;margin:0;padding:2rem 1rem}
main{max-width:64rem;margin:0 auto;background:#fffdf9;border:1px solid #e4d8c6;border-radius:12px;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .25rem;color:#8a4b2a}h2{font-size:1.15rem;margin:2rem 0 .25rem;color:#8a4b2a}p{color:#6f6253;margin:0 0 1rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}th,td{text-align:left;padding:.55rem .5rem;border-top:1px solid #e4d8c6;vertical-align:top}
th{color:#6f6253;font-weight:600;border-top:0}a{color:#2f5d50}a.raw{font-size:.8rem;color:#6f6253}small{color:#b42318}
@media (max-width:40rem){body{padding:1rem .5rem}main{padding:1rem}thead{display:none}table,tbody,tr,td{display:block}tr{border-top:1px solid #e4d8c6;padding:.5rem 0}td{border:0;padding:.1rem 0;overflow-wrap:anywhere}}
</style></head><body><main>
<h1>Demo outbox</h1>
<p>No SMTP server is set (SMTP_URL), so the e-mails the shop sends are written under the data folder and listed here, newest first, for the shop's staff only. <a href="/admin">Back office</a></p>
<table><thead><tr><th>To</th><th>Subject</th><th>Kind</th><th>Status</th><th>Time</th></tr></thead>
<tbody>
${body}
</tbody></table>
${messagesTable(messages)}
</main></body></html>`;
}

/** The refusal: a short page with the way in for a browser, the usual { error } for anything else. */
function refusalPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Demo outbox: staff only</title>
<style>body{font-family:system-ui,sans-serif;background:#fbf7f0;color:#2b2118;margin:0;padding:2rem 1rem}
main{max-width:36rem;margin:0 auto;background:#fffdf9;border:1px solid #e4d8c6;border-radius:12px;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .5rem;color:#8a4b2a}a{color:#2f5d50}</style></head><body><main>
<h1>Demo outbox: staff only</h1>
<p>${escapeHtml(message)}.</p>
<p><a href="/admin">Sign in to the back office</a></p>
</main></body></html>`;
}

const wantsHtml = (request: FastifyRequest) =>
  String(request.headers.accept ?? '').includes('text/html');

/**
 * The demo outbox (only without SMTP_URL): what a shopper would have received, as the sender
 * wrote it, for the shop's staff only: it holds password-reset links and every shopper's name,
 * address and orders. With SMTP these paths answer 404: real shoppers' mail is not for show.
 */
export const demoOutboxRoutes: FastifyPluginAsync<DemoOutboxOptions> = async (
  app,
  { db, transport, access, messages },
) => {
  const page = (reply: FastifyReply, csp = PAGE_CSP) =>
    reply.type(html).header('cache-control', 'no-store').header('content-security-policy', csp);
  if (transport.kind === 'smtp') {
    app.get('/demo/outbox', { schema: { hide: true } }, (_request, reply) =>
      reply.code(404).send(NOT_FOUND),
    );
    app.get('/demo/outbox/*', { schema: { hide: true } }, (_request, reply) =>
      reply.code(404).send(NOT_FOUND),
    );
    return;
  }

  const refuse = (request: FastifyRequest, reply: FastifyReply, message: string) => {
    reply.code(401).header('cache-control', 'no-store');
    return wantsHtml(request)
      ? reply.type(html).header('content-security-policy', PAGE_CSP).send(refusalPage(message))
      : reply.send({ error: message, code: 'unauthenticated' });
  };
  const passCookie = (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
    [
      `${OUTBOX_PASS_COOKIE}=${value}`,
      `Path=${OUTBOX_PATH}`,
      `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ].join('; ');

  // Every outbox path: a live staff session of this store behind the pass cookie, or nothing.
  // The list also takes the back office's ticket, swaps it for the pass and sends the browser on
  // to the clean URL, so the ticket leaves the address bar and the history at once.
  app.addHook('onRequest', async (request, reply) => {
    const store = await app.storeFor(request);
    if (!store) return refuse(request, reply, refusals.signIn);
    const { ticket } = request.query as { ticket?: unknown };
    if (request.routeOptions.url === OUTBOX_PATH && typeof ticket === 'string') {
      const redeemed = await access.redeem(ticket);
      const staff = redeemed ? await access.staffOf(store.id, redeemed.pass) : null;
      if (!redeemed || !staff) return refuse(request, reply, refusals.ticket);
      const seconds = (staff.sessionExpiresAt.getTime() - Date.now()) / 1000;
      return reply
        .header('set-cookie', passCookie(request, redeemed.pass, seconds))
        .header('cache-control', 'no-store')
        .redirect(OUTBOX_PATH, 303);
    }
    const staff = await access.staffOf(
      store.id,
      cookieValue(request.headers.cookie, OUTBOX_PASS_COOKIE),
    );
    if (!staff) return refuse(request, reply, refusals.signIn);
  });

  app.get(OUTBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.storeId, request.store.id))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(200);
    const sent = messages ? await messages(request.store.id) : [];
    return page(reply, LIST_CSP).send(listPage(rows, sent));
  });

  app.get<{ Params: { file: string } }>(
    `${OUTBOX_PATH}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const raw = file.endsWith('.eml') ? file.slice(0, -'.eml'.length) : file;
      // only this store's e-mails: the id must name one of its outbox rows
      if (!isUuid(raw)) return reply.code(404).send(NOT_FOUND);
      const [row] = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, raw), eq(emailOutbox.storeId, request.store.id)))
        .limit(1);
      const message = row ? await transport.readRaw(row.id) : null;
      if (!message) return reply.code(404).send(NOT_FOUND);
      if (file.endsWith('.eml')) {
        return reply
          .type('message/rfc822')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${raw}.eml"`)
          .send(message);
      }
      const parsed = await simpleParser(message);
      const body =
        typeof parsed.html === 'string'
          ? parsed.html
          : `<pre>${escapeHtml(parsed.text ?? '')}</pre>`;
      return page(reply).send(body);
    },
  );
};
