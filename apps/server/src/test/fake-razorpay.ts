// Razorpay's REST API (v1) as a local HTTP server, for tests of the Razorpay provider: HTTP Basic
// with the key pair like Razorpay, and answers in the formats of Razorpay's API reference (Orders,
// Payments, Refunds: entities, collections, `{ error: { code, description } }`). It also plays
// the hosted checkout's part: a test "pays" an order and gets the callback fields and webhook
// bodies signed as Razorpay signs them; and a browser posted to /v1/checkout/embedded (the hosted
// checkout's form post) gets a page whose Pay and Fail buttons post the callback back to the
// store as Razorpay does (the browser journeys, e2e/tests/razorpay.spec.ts).
import { createHmac } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { escapeHtml } from '@store/contracts/text';
import { closeServer, listenLocally, readBody } from './fake-http';

interface Entity {
  [key: string]: unknown;
  id: string;
}

/** Where the merchant's form posts the shopper (razorpay-provider.ts razorpayCheckoutUrl). */
const CHECKOUT_PATH = '/v1/checkout/embedded';

export interface FakeRazorpay {
  url: string;
  orders: Map<string, Entity>;
  payments: Map<string, Entity>;
  refunds: Map<string, Entity>;
  /** every request: method and path */
  calls: string[];
  /** while true, every request is answered 503 (Razorpay down) */
  down: boolean;
  /** A payment against an order, as the hosted checkout would make it. */
  pay(
    orderId: string,
    status: 'captured' | 'failed' | 'authorized',
    amount?: number,
  ): Entity & { amount: number };
  /** The success callback's fields, signed with the key secret. */
  callbackFields(payment: Entity): Record<string, string>;
  /** A webhook's raw body and X-Razorpay-Signature for an event about a payment. */
  webhook(event: string, payment: Entity): { rawBody: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeRazorpay(
  keyId: string,
  keySecret: string,
  webhookSecret: string,
): Promise<FakeRazorpay> {
  const orders = new Map<string, Entity>();
  const payments = new Map<string, Entity>();
  const refunds = new Map<string, Entity>();
  const calls: string[] = [];
  let serial = 1000;
  const nextId = (prefix: string) => `${prefix}_Fake${(serial++).toString(36)}`;
  const now = () => Math.floor(Date.now() / 1000);
  const collection = (items: Entity[]) => ({ entity: 'collection', count: items.length, items });
  const refused = (description: string) => ({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
    },
  });

  const route = async (
    method: string,
    url: URL,
    body: Record<string, unknown>,
  ): Promise<[number, unknown]> => {
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/orders') {
      const amount = body.amount;
      if (!Number.isSafeInteger(amount) || (amount as number) < 100)
        return [400, refused('The amount must be atleast INR 1.00')];
      const order: Entity = {
        id: nextId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: body.currency ?? 'INR',
        receipt: body.receipt ?? null,
        status: 'created',
        attempts: 0,
        notes: body.notes ?? [],
        created_at: now(),
      };
      orders.set(order.id, order);
      return [200, order];
    }
    if (method === 'GET' && path === '/v1/orders') {
      const receipt = url.searchParams.get('receipt');
      return [
        200,
        collection([...orders.values()].filter((o) => !receipt || o.receipt === receipt)),
      ];
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
      if (!orders.has(m[1]!)) return [400, refused('The id provided does not exist')];
      return [200, collection([...payments.values()].filter((p) => p.order_id === m![1]))];
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(m[1]!);
      return order ? [200, order] : [400, refused('The id provided does not exist')];
    }
    if (method === 'GET' && (m = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(m[1]!);
      return payment ? [200, payment] : [400, refused('The id provided does not exist')];
    }
    if (method === 'GET' && (m = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path))) {
      return [200, collection([...refunds.values()].filter((r) => r.payment_id === m![1]))];
    }
    if (method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
      const payment = payments.get(m[1]!);
      if (!payment) return [400, refused('The id provided does not exist')];
      if (payment.status !== 'captured' && payment.status !== 'refunded')
        return [400, refused('The payment has not been captured')];
      const amount = (body.amount as number | undefined) ?? (payment.amount as number);
      const left = (payment.amount as number) - (payment.amount_refunded as number);
      if (amount > left)
        return [400, refused('The refund amount provided is greater than amount captured')];
      payment.amount_refunded = (payment.amount_refunded as number) + amount;
      const refund: Entity = {
        id: nextId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: body.notes ?? [],
        receipt: body.receipt ?? null,
        status: 'pending',
        speed_requested: body.speed ?? 'normal',
        created_at: now(),
      };
      refunds.set(refund.id, refund);
      return [200, refund];
    }
    if (method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
      const refund = refunds.get(m[1]!);
      return refund ? [200, refund] : [400, refused('The id provided does not exist')];
    }
    return [
      404,
      {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The requested URL was not found on the server.',
        },
      },
    ];
  };

  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const fake: FakeRazorpay = {
    url: '',
    orders,
    payments,
    refunds,
    calls,
    down: false,
    pay(orderId, status, amount) {
      const order = orders.get(orderId)!;
      const payment = {
        id: nextId('pay'),
        entity: 'payment',
        amount: amount ?? (order.amount as number),
        currency: 'INR',
        status,
        order_id: orderId,
        method: 'upi',
        amount_refunded: 0,
        captured: status === 'captured',
        vpa: 'asha@okaxis',
        email: 'asha@example.in',
        contact: '+919876543210',
        error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: status === 'failed' ? 'Payment was declined by the bank' : null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts = (order.attempts as number) + 1;
      if (status === 'captured') {
        order.status = 'paid';
        order.amount_paid = payment.amount;
        order.amount_due = 0;
      } else order.status = 'attempted';
      return payment;
    },
    callbackFields(payment) {
      const orderId = payment.order_id as string;
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: orderId,
        razorpay_signature: createHmac('sha256', keySecret)
          .update(`${orderId}|${payment.id}`)
          .digest('hex'),
      };
    },
    webhook(event, payment) {
      const rawBody = JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeStore',
        event,
        contains: ['payment'],
        payload: { payment: { entity: payment } },
        created_at: now(),
      });
      return {
        rawBody,
        signature: createHmac('sha256', webhookSecret).update(rawBody).digest('hex'),
      };
    },
    close: () => closeServer(server),
  };

  /**
   * Razorpay's hosted checkout (web-integration/hosted): the merchant's form posts key_id,
   * order_id, amount, name, prefill[...], callback_url and cancel_url; on success Razorpay posts
   * razorpay_payment_id, razorpay_order_id and razorpay_signature to callback_url, on failure
   * error[code], error[description], error[source], error[step], error[reason] and
   * error[metadata] (JSON naming the payment and order), unsigned.
   */
  const hostedCheckout = (path: string, form: URLSearchParams, res: ServerResponse) => {
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay (fake)</title></head><body><main>${body}</main></body></html>`,
      );
    };
    const order = orders.get(form.get('order_id') ?? '');
    const callbackUrl = form.get('callback_url') ?? '';
    if (form.get('key_id') !== keyId || !order || !/^https?:\/\//.test(callbackUrl))
      return html(400, '<h1>Invalid checkout request</h1>');
    const hidden = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
    if (path === CHECKOUT_PATH) {
      const keep = hidden({ key_id: keyId, order_id: order.id, callback_url: callbackUrl });
      const rupees = ((order.amount as number) / 100).toFixed(2);
      return html(
        200,
        `<h1>Pay ${escapeHtml(form.get('name') ?? '')}</h1><p>₹${rupees} · ${escapeHtml(form.get('description') ?? '')}</p>` +
          `<form method="post" action="${CHECKOUT_PATH}/pay">${keep}<button>Pay</button></form>` +
          `<form method="post" action="${CHECKOUT_PATH}/fail">${keep}<button>Fail</button></form>`,
      );
    }
    const outcome = path.slice(CHECKOUT_PATH.length);
    if (outcome !== '/pay' && outcome !== '/fail') return html(404, '<h1>Not found</h1>');
    const payment = fake.pay(order.id, outcome === '/pay' ? 'captured' : 'failed');
    const fields =
      outcome === '/pay'
        ? fake.callbackFields(payment)
        : {
            'error[code]': 'BAD_REQUEST_ERROR',
            'error[description]': payment.error_description as string,
            'error[source]': 'bank',
            'error[step]': 'payment_authorization',
            'error[reason]': 'payment_failed',
            'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }),
          };
    // Razorpay sends the browser back with a form post of its own
    return html(
      200,
      `<form id="back" method="post" action="${escapeHtml(callbackUrl)}">${hidden(fields)}<p>Returning to the store…</p></form>` +
        "<script>document.getElementById('back').submit()</script>",
    );
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      calls.push(`${req.method} ${url.pathname}${url.search}`);
      const raw = await readBody(req);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (fake.down) return send(503, { error: { code: 'SERVER_ERROR', description: 'down' } });
      // the hosted checkout is a page the shopper's browser posts to: no API key, a form body
      if (req.method === 'POST' && url.pathname.startsWith(CHECKOUT_PATH))
        return hostedCheckout(url.pathname, new URLSearchParams(raw), res);
      if (req.headers.authorization !== expectedAuth)
        return send(401, refused('The api key provided is invalid'));
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, refused('The request body is not valid JSON'));
      }
      const [status, answer] = await route(req.method ?? 'GET', url, body);
      send(status, answer);
    })();
  });
  fake.url = await listenLocally(server);
  return fake;
}
