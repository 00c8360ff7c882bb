// PhonePe PG's API v2 (Standard Checkout) as a local HTTP server, for tests of the PhonePe provider:
// the OAuth token API (form body, `expires_at` in epoch seconds, token_type O-Bearer) and the
// `Authorization: O-Bearer <token>` it then requires; the pay, order status, refund and refund
// status APIs answering in the formats of PhonePe's API reference (orderId OMO…, state
// PENDING/COMPLETED/FAILED, paymentDetails, refundId OMR…), and refusals as `{ code, message }`.
// It also plays PhonePe's page and dashboard: a test "pays" an order and gets the webhook bodies
// with the Authorization PhonePe sends, SHA256(username:password).
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { closeServer, listenLocally, readBody } from './fake-http';

export interface FakePhonePeOrder {
  merchantOrderId: string;
  orderId: string;
  /** CREATED until a payment is tried; then PENDING, COMPLETED or FAILED */
  state: string;
  amount: number;
  expireAt: number;
  metaInfo: Record<string, string>;
  /** the redirectUrl of the merchant's pay request: where PhonePe's page sends the shopper */
  merchantRedirectUrl: string;
  paymentDetails: Record<string, unknown>[];
  refunded: number;
}

export interface FakePhonePeRefund {
  merchantRefundId: string;
  refundId: string;
  originalMerchantOrderId: string;
  amount: number;
  /** PENDING until a test moves it to COMPLETED or FAILED */
  state: string;
  timestamp: number;
}

export interface FakePhonePe {
  url: string;
  /** by merchantOrderId */
  orders: Map<string, FakePhonePeOrder>;
  /** by merchantRefundId */
  refunds: Map<string, FakePhonePeRefund>;
  /** every request: method and path */
  calls: string[];
  /** tokens issued so far */
  tokensIssued: number;
  /** lifetime of the tokens it issues (PhonePe's are long; a test shortens them) */
  tokenLifetimeSeconds: number;
  /** while true, every request is answered 503 (PhonePe down) */
  down: boolean;
  /** Every token issued so far is refused from now on (401), as an expired one is. */
  revokeTokens(): void;
  /** A payment on PhonePe's page: the order moves to that state with that amount paid. */
  pay(
    merchantOrderId: string,
    state: 'COMPLETED' | 'FAILED' | 'PENDING',
    amount?: number,
  ): FakePhonePeOrder;
  /** A webhook's raw body and Authorization header for an event about an order. */
  webhook(event: string, merchantOrderId: string): { rawBody: string; authorization: string };
  close(): Promise<void>;
}

export async function startFakePhonePe(credentials: {
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  webhookUsername: string;
  webhookPassword: string;
}): Promise<FakePhonePe> {
  const orders = new Map<string, FakePhonePeOrder>();
  const refunds = new Map<string, FakePhonePeRefund>();
  const calls: string[] = [];
  const liveTokens = new Map<string, number>();
  let serial = 1000;
  const nextId = (prefix: string) => `${prefix}${Date.now()}${serial++}`;
  const refused = (code: string, message: string) => ({ code, message, data: {} });
  const statusOf = (o: FakePhonePeOrder) => ({
    orderId: o.orderId,
    state: o.state,
    amount: o.amount,
    expireAt: o.expireAt,
    metaInfo: o.metaInfo,
    ...(o.state === 'FAILED' ? { errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZM' } : {}),
    ...(o.paymentDetails.length ? { paymentDetails: o.paymentDetails } : {}),
  });

  const token = (form: URLSearchParams): [number, unknown] => {
    if (
      form.get('client_id') !== credentials.clientId ||
      form.get('client_secret') !== credentials.clientSecret ||
      form.get('client_version') !== credentials.clientVersion ||
      form.get('grant_type') !== 'client_credentials'
    )
      return [401, refused('INVALID_CLIENT', 'Client authentication failed')];
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + fake.tokenLifetimeSeconds;
    const accessToken = `fake.${Buffer.from(`${serial++}:${expiresAt}`).toString('base64url')}`;
    liveTokens.set(accessToken, expiresAt);
    fake.tokensIssued++;
    return [
      200,
      {
        access_token: accessToken,
        encrypted_access_token: accessToken,
        expires_in: null,
        issued_at: issuedAt,
        expires_at: expiresAt,
        session_expires_at: expiresAt,
        token_type: 'O-Bearer',
      },
    ];
  };

  const route = (method: string, url: URL, body: Record<string, unknown>): [number, unknown] => {
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/checkout/v2/pay') {
      const merchantOrderId = body.merchantOrderId;
      const amount = body.amount;
      const flow = body.paymentFlow as
        { type?: unknown; merchantUrls?: { redirectUrl?: unknown } } | undefined;
      if (typeof merchantOrderId !== 'string' || !/^[\w-]{1,63}$/.test(merchantOrderId))
        return [400, refused('BAD_REQUEST', 'merchantOrderId is invalid')];
      if (!Number.isSafeInteger(amount) || (amount as number) < 100)
        return [400, refused('BAD_REQUEST', 'amount must be at least 100')];
      if (flow?.type !== 'PG_CHECKOUT')
        return [400, refused('BAD_REQUEST', 'paymentFlow.type is invalid')];
      if (orders.has(merchantOrderId))
        return [400, refused('BAD_REQUEST', 'Duplicate merchantOrderId')];
      const order: FakePhonePeOrder = {
        merchantOrderId,
        orderId: nextId('OMO'),
        state: 'CREATED',
        amount: amount as number,
        expireAt: Date.now() + 20 * 60_000,
        metaInfo: (body.metaInfo as Record<string, string> | undefined) ?? {},
        merchantRedirectUrl:
          typeof flow.merchantUrls?.redirectUrl === 'string' ? flow.merchantUrls.redirectUrl : '',
        paymentDetails: [],
        refunded: 0,
      };
      orders.set(merchantOrderId, order);
      return [
        200,
        {
          orderId: order.orderId,
          state: 'PENDING',
          expireAt: order.expireAt,
          redirectUrl: `${fake.url}/transact/uat_v2?token=${order.orderId}`,
        },
      ];
    }
    if (method === 'GET' && (m = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1]!));
      // the documented answer for an unknown order (its HTTP status is not documented: 400 here)
      if (!order)
        return [
          400,
          {
            code: 'INVALID_MERCHANT_ORDER_ID',
            message: 'No entry found for given merchant order id',
          },
        ];
      const details = url.searchParams.get('details') === 'true';
      const status = statusOf(order);
      // without details=true only the latest attempt is listed
      if (!details && order.paymentDetails.length)
        status.paymentDetails = order.paymentDetails.slice(-1);
      return [200, status];
    }
    if (method === 'POST' && path === '/payments/v2/refund') {
      const { merchantRefundId, originalMerchantOrderId, amount } = body;
      if (typeof merchantRefundId !== 'string' || typeof originalMerchantOrderId !== 'string')
        return [400, refused('BAD_REQUEST', 'merchantRefundId and originalMerchantOrderId needed')];
      if (refunds.has(merchantRefundId))
        return [400, refused('BAD_REQUEST', 'Duplicate merchantRefundId')];
      const order = orders.get(originalMerchantOrderId);
      if (!order)
        return [
          400,
          refused('INVALID_MERCHANT_ORDER_ID', 'No entry found for given merchant order id'),
        ];
      if (order.state !== 'COMPLETED')
        return [400, refused('BAD_REQUEST', 'Only a completed order can be refunded')];
      if (!Number.isSafeInteger(amount) || (amount as number) < 1)
        return [400, refused('BAD_REQUEST', 'amount is invalid')];
      if ((amount as number) > order.amount - order.refunded)
        return [400, refused('EXCESS_REFUND_AMOUNT', 'Refund amount exceeds the amount paid')];
      order.refunded += amount as number;
      const refund: FakePhonePeRefund = {
        merchantRefundId,
        refundId: nextId('OMR'),
        originalMerchantOrderId,
        amount: amount as number,
        state: 'PENDING',
        timestamp: Date.now(),
      };
      refunds.set(merchantRefundId, refund);
      return [200, { refundId: refund.refundId, amount: refund.amount, state: refund.state }];
    }
    if (method === 'GET' && (m = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(path))) {
      const refund = refunds.get(decodeURIComponent(m[1]!));
      if (!refund) return [404, refused('NOT_FOUND', 'No refund with this merchantRefundId')];
      return [
        200,
        {
          originalMerchantOrderId: refund.originalMerchantOrderId,
          refundId: refund.refundId,
          amount: refund.amount,
          state: refund.state,
          timestamp: refund.timestamp,
          ...(refund.state === 'FAILED' ? { errorCode: 'INTERNAL_SERVER_ERROR' } : {}),
        },
      ];
    }
    return [404, refused('NOT_FOUND', 'The requested URL was not found on the server.')];
  };

  const fake: FakePhonePe = {
    url: '',
    orders,
    refunds,
    calls,
    tokensIssued: 0,
    tokenLifetimeSeconds: 3600,
    down: false,
    revokeTokens: () => liveTokens.clear(),
    pay(merchantOrderId, state, amount) {
      const order = orders.get(merchantOrderId)!;
      const paid = amount ?? order.amount;
      order.state = state;
      order.paymentDetails.push({
        paymentMode: 'UPI_INTENT',
        transactionId: nextId('OM'),
        timestamp: Date.now(),
        amount: paid,
        payableAmount: paid,
        feeAmount: 0,
        state,
        ...(state === 'FAILED' ? { errorCode: 'PAYMENT_ERROR', detailedErrorCode: 'ZM' } : {}),
        splitInstruments: [
          {
            amount: paid,
            rail: { type: 'UPI', utr: '416455839594', vpa: 'asha@ybl' },
            instrument: { type: 'ACCOUNT', accountType: 'SAVINGS' },
          },
        ],
      });
      return order;
    },
    webhook(event, merchantOrderId) {
      const order = orders.get(merchantOrderId)!;
      const rawBody = JSON.stringify({
        event,
        payload: { merchantId: 'FAKEMERCHANTUAT', merchantOrderId, ...statusOf(order) },
      });
      const authorization = createHash('sha256')
        .update(`${credentials.webhookUsername}:${credentials.webhookPassword}`)
        .digest('hex');
      return { rawBody, authorization };
    },
    close: () => closeServer(server),
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
      if (fake.down) return send(503, refused('INTERNAL_SERVER_ERROR', 'down'));
      if (req.method === 'POST' && url.pathname === '/v1/oauth/token') {
        if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
          return send(400, refused('BAD_REQUEST', 'Expected a form body'));
        const [status, answer] = token(new URLSearchParams(raw));
        return send(status, answer);
      }
      const bearer = /^O-Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expiresAt = bearer ? liveTokens.get(bearer) : undefined;
      if (!expiresAt || expiresAt * 1000 <= Date.now())
        return send(401, refused('UNAUTHORIZED', 'Token is invalid or expired'));
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, refused('BAD_REQUEST', 'The request body is not valid JSON'));
      }
      const [status, answer] = route(req.method ?? 'GET', url, body);
      send(status, answer);
    })();
  });
  fake.url = await listenLocally(server);
  return fake;
}
