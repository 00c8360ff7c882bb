// Meta's WhatsApp Cloud API (Graph API) as a local HTTP server, for tests of the WhatsApp
// provider: POST /v{version}/{phone number id}/messages with a Bearer token, answered in the
// documented formats: `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }` on
// success, and `{ error: { message, type, code, error_data: { messaging_product, details },
// fbtrace_id } }` on failure (190 a bad token, 130429 the rate limit, 131026 undeliverable,
// 132001 an unknown template).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startJsonServer, type JsonAnswer } from './fake-http';

export interface FakeWhatsAppMessage {
  to: string;
  template: string;
  language: string;
  params: string[];
  id: string;
}

export interface FakeWhatsApp {
  url: string;
  /** the messages accepted */
  sent: FakeWhatsAppMessage[];
  /** every request's path */
  calls: string[];
  /** numbers (digits, e.g. 919876543210) that are not on WhatsApp: 131026 */
  undeliverable: Set<string>;
  /** the next this many requests are refused with 130429 (throughput reached) */
  rateLimitNext: number;
  close(): Promise<void>;
}

export async function startFakeWhatsApp(options: {
  phoneNumberId: string;
  accessToken: string;
  /** the approved templates' names */
  templates: readonly string[];
}): Promise<FakeWhatsApp> {
  const sent: FakeWhatsAppMessage[] = [];
  const calls: string[] = [];
  const refused = (status: number, code: number, message: string, details: string): JsonAnswer => [
    status,
    {
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: `A${randomBytes(8).toString('hex')}`,
      },
    },
  ];

  const state = { rateLimitNext: 0, undeliverable: new Set<string>() };
  const route = (req: IncomingMessage, raw: string): JsonAnswer => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    calls.push(path);
    const m = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !m)
      return refused(400, 100, 'Unsupported post request.', 'Unknown path');
    if (req.headers.authorization !== `Bearer ${options.accessToken}`)
      return refused(401, 190, 'Invalid OAuth access token - Cannot parse access token', '');
    if (decodeURIComponent(m[1]!) !== options.phoneNumberId)
      return refused(400, 100, '(#100) Invalid parameter', 'Unknown phone number id');
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      return refused(
        429,
        130429,
        '(#130429) Rate limit hit',
        'Cloud API message throughput has been reached.',
      );
    }
    let body: {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: {
        name?: unknown;
        language?: { code?: unknown };
        components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
      };
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refused(400, 100, '(#100) Invalid parameter', 'The body is not JSON');
    }
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template)
      return refused(400, 100, '(#100) Invalid parameter', 'A template message is required');
    const name = String(body.template.name);
    if (!options.templates.includes(name))
      return refused(
        404,
        132001,
        '(#132001) Template name does not exist in the translation',
        `template name (${name}) does not exist in en`,
      );
    const to = String(body.to);
    if (state.undeliverable.has(to))
      return refused(
        400,
        131026,
        '(#131026) Message undeliverable',
        'Unable to deliver message: the recipient is not a WhatsApp user',
      );
    const bodyComponent = body.template.components?.find((c) => c.type === 'body');
    const id = `wamid.HBgM${randomBytes(12).toString('hex').toUpperCase()}`;
    sent.push({
      to,
      template: name,
      language: String(body.template.language?.code),
      params: (bodyComponent?.parameters ?? []).map((p) => String(p.text)),
      id,
    });
    return [
      200,
      {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id, message_status: 'accepted' }],
      },
    ];
  };

  const server = await startJsonServer(route);
  return {
    url: server.url,
    sent,
    calls,
    undeliverable: state.undeliverable,
    get rateLimitNext() {
      return state.rateLimitNext;
    },
    set rateLimitNext(n: number) {
      state.rateLimitNext = n;
    },
    close: () => server.close(),
  };
}
