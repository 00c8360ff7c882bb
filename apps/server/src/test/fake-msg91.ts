// MSG91's Flow API (v5) as a local HTTP server, for tests of the SMS provider: POST /api/v5/flow
// with the authkey header, answered as MSG91 documents it: `{ "type": "success", "message":
// "<request id>" }`, or `{ "type": "error", "message": "…" }` (a refused key, an invalid number,
// an unknown template, too many requests).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startJsonServer, type JsonAnswer } from './fake-http';

export interface FakeSms {
  mobiles: string;
  templateId: string;
  sender: string;
  /** var1, var2, … in order */
  vars: string[];
  requestId: string;
}

export interface FakeMsg91 {
  url: string;
  sent: FakeSms[];
  calls: number;
  /** the next this many requests are answered 429 */
  rateLimitNext: number;
  close(): Promise<void>;
}

export async function startFakeMsg91(options: {
  authKey: string;
  /** the template ids MSG91 knows (each linked to a DLT template) */
  templateIds: readonly string[];
}): Promise<FakeMsg91> {
  const sent: FakeSms[] = [];
  const state = { calls: 0, rateLimitNext: 0 };
  const error = (status: number, message: string, code?: string): JsonAnswer => [
    status,
    { type: 'error', message, ...(code ? { code } : {}) },
  ];

  const route = (req: IncomingMessage, raw: string): JsonAnswer => {
    state.calls++;
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://fake').pathname !== '/api/v5/flow')
      return error(404, 'Not found');
    if (req.headers.authkey !== options.authKey) return error(401, 'Authentication failure', '401');
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      return error(429, 'Too many requests', '429');
    }
    let body: { template_id?: unknown; sender?: unknown; recipients?: Record<string, unknown>[] };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return error(400, 'Invalid JSON');
    }
    const templateId = String(body.template_id ?? '');
    if (!options.templateIds.includes(templateId)) return error(400, 'Template ID is invalid');
    const recipient = body.recipients?.[0];
    const mobiles = String(recipient?.mobiles ?? '');
    // MSG91 takes the country code with the number: 91 and a 10-digit Indian mobile
    if (!/^91[6-9]\d{9}$/.test(mobiles)) return error(400, 'Mobile number is invalid', '400');
    const vars = Object.keys(recipient ?? {})
      .filter((k) => /^var\d+$/.test(k))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
      .map((k) => String(recipient![k]));
    const requestId = randomBytes(12).toString('hex');
    sent.push({ mobiles, templateId, sender: String(body.sender), vars, requestId });
    return [200, { type: 'success', message: requestId }];
  };

  const server = await startJsonServer(route);
  return {
    url: server.url,
    sent,
    get calls() {
      return state.calls;
    },
    get rateLimitNext() {
      return state.rateLimitNext;
    },
    set rateLimitNext(n: number) {
      state.rateLimitNext = n;
    },
    close: () => server.close(),
  };
}
