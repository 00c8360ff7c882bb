// The attacks of issue 10, as figures: what a careless shopper, an attacker and a busy sale do to
// a freshly started store (`npm start`'s defaults: embedded PGlite, the demo payment methods).
//   node bench/abuse.mjs            (env: ABUSE_SERVER=apps/server/src/server.ts, to measure an
//                                     older checkout: ABUSE_ROOT=/path/to/that/checkout)
// Each shopper comes from its own address (TRUST_PROXY=1 and X-Forwarded-For), as on a real sale
// day, so the registration limit does not hide what the order path does.
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { printRows, simpleProducts, startAbuseStore } from './lib/abuse-store.mjs';
import { shippingAddress } from './shop.mjs';

const root = process.env.ABUSE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const store = await startAbuseStore(root);
const { api, shopper, base } = store;

const orderBody = (product, quantity) => ({
  products: { [product.id]: quantity },
  shippingAddress,
});
const payFields = (method) => ({
  method,
  payerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+919876543210',
  consent: true,
});

try {
  const simple = simpleProducts((await api('/api/v1/products?limit=100')).json.data);
  const results = [];

  // 1. 50 buyers each order 99 of one product
  const target = simple.find((p) => !p.availability || p.availability.status !== 'sold_out');
  const buyers = await Promise.all(Array.from({ length: 50 }, shopper));
  const oversell = await Promise.all(
    buyers.map((b) =>
      api('/api/v1/orders', {
        method: 'POST',
        token: b.token,
        ip: b.ip,
        body: orderBody(target, 99),
      }),
    ),
  );
  const accepted = oversell.filter((r) => r.status === 201).length;
  results.push([
    '50 buyers × 99 of one product',
    `${accepted} accepted (${accepted * 99} units), ${oversell.filter((r) => r.status === 409).length} × 409`,
  ]);

  // 2. 10 identical concurrent orders with one Idempotency-Key
  const retry = buyers[0];
  const other = simple.find((p) => p.id !== target.id) ?? target;
  const key = randomUUID();
  const same = await Promise.all(
    Array.from({ length: 10 }, () =>
      api('/api/v1/orders', {
        method: 'POST',
        token: retry.token,
        ip: retry.ip,
        headers: { 'idempotency-key': key },
        body: orderBody(other, 1),
      }),
    ),
  );
  const ids = new Set(same.filter((r) => r.status === 201).map((r) => r.json.id));
  results.push(['10 identical POST /orders, one key', `${ids.size} order(s) made`]);

  // 3. a stranger approves a shopper's UPI attempt in the sandbox
  const victim = buyers[1];
  const order = await api('/api/v1/orders', {
    method: 'POST',
    token: victim.token,
    ip: victim.ip,
    body: orderBody(other, 1),
  });
  const attempt = await api('/api/v1/payments', {
    method: 'POST',
    token: victim.token,
    ip: victim.ip,
    body: { orderId: order.json.id, fields: payFields('upi_qr') },
  });
  // the stranger lists the order's attempts, or (newer builds) knows the attempt id anyway
  const page = await api(`/sandbox-gateway/upi?orderId=${order.json.id}`, { ip: '10.254.0.9' });
  const attemptId =
    page.text.match(/pay\/([A-Za-z0-9_-]+)\/approve/)?.[1] ?? attempt.json?.action?.paymentId;
  let approve = { status: 'no attempt listed' };
  if (attemptId) {
    approve = await api(`/sandbox-gateway/pay/${attemptId}/approve`, {
      method: 'POST',
      ip: '10.254.0.9',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
  }
  const after = await api(`/api/v1/orders/${order.json.id}`, {
    token: victim.token,
    ip: victim.ip,
  });
  results.push([
    "a stranger approves a shopper's UPI attempt",
    `listing ${page.status}, approve ${approve.status}, order status now ${after.json?.status} (0 = Pending)`,
  ]);

  // 4. UPI for an order over ₹1,00,000 (40 of each dear product, fewer where fewer are left, until the total passes it)
  const price = (p) => p.discountedPrice ?? p.regularPrice;
  const dear = simple
    .filter((p) => p.id !== target.id && (p.availability?.status ?? 'in_stock') === 'in_stock')
    .sort((a, b) => price(b) - price(a));
  const lines = {};
  let sum = 0;
  for (const p of dear) {
    if (sum > 100000) break;
    lines[p.id] = 40;
    sum += price(p) * 40;
  }
  // a shopper told "Only N left" lowers that line and tries again
  let bigOrder;
  for (let tries = 0; tries < 10; tries++) {
    bigOrder = await api('/api/v1/orders', {
      method: 'POST',
      token: buyers[2].token,
      ip: buyers[2].ip,
      body: { products: lines, shippingAddress },
    });
    if (bigOrder.status !== 409) break;
    for (const [field, message] of Object.entries(bigOrder.json.fields ?? {})) {
      const id = field.replace(/^products\./, '');
      const left = Number(/Only (\d+)/.exec(message)?.[1] ?? 0);
      if (left > 0) lines[id] = left;
      else delete lines[id];
    }
  }
  if (bigOrder.status === 201) {
    const upi = await api('/api/v1/payments', {
      method: 'POST',
      token: buyers[2].token,
      ip: buyers[2].ip,
      body: { orderId: bigOrder.json.id, fields: payFields('upi_qr') },
    });
    results.push([
      `UPI QR for a ₹${bigOrder.json.total.toLocaleString('en-IN')} order`,
      `${upi.status} ${upi.json?.action?.type ?? upi.json?.error ?? ''}`,
    ]);
  } else {
    results.push([
      'UPI QR for an order over ₹1,00,000',
      `order refused: ${bigOrder.status} ${bigOrder.json?.error}`,
    ]);
  }

  // 5. password spraying: 150 e-mails from one address
  const spray = [];
  for (let i = 0; i < 150; i++) {
    spray.push(
      (
        await api('/api/v1/users/authorize', {
          method: 'POST',
          ip: '10.253.0.1',
          body: { email: `nobody${i}@example.in`, password: 'Password123' },
        })
      ).status,
    );
  }
  results.push([
    'login: 150 e-mails from one address',
    `${spray.filter((s) => s === 401).length} × 401, ${spray.filter((s) => s === 429).length} × 429`,
  ]);

  // 6. guessing order ids at the tracking page
  const started = Date.now();
  const guesses = [];
  for (let i = 0; i < 300; i++) {
    guesses.push(
      (
        await api(`/api/v1/orders/${randomUUID().slice(0, 10).toUpperCase()}?contactInfo=a@b.in`, {
          ip: '10.252.0.1',
        })
      ).status,
    );
  }
  const perSecond = Math.round((guesses.length / (Date.now() - started)) * 1000);
  results.push([
    'order tracking: 300 guesses from one address',
    `${guesses.filter((s) => s === 404).length} answered (404), ${guesses.filter((s) => s === 429).length} × 429, ${perSecond}/s`,
  ]);

  // 7. product pages alone, then while one address floods the login with ever new e-mails
  const productUrl = `${base}/api/v1/products/${other.id}`;
  const cannon = (opts) =>
    new Promise((resolve, reject) =>
      autocannon({ connections: 20, duration: 5, ...opts }, (err, r) =>
        err ? reject(err) : resolve(r),
      ),
    );
  const alone = await cannon({ url: productUrl });
  let n = 0;
  const [during, flood] = await Promise.all([
    cannon({ url: productUrl }),
    cannon({
      url: `${base}/api/v1/users/authorize`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.251.0.1' },
      // ABUSE_FLOOD_RATE=112 holds the flood to that many attempts a second (to compare builds)
      ...(process.env.ABUSE_FLOOD_RATE
        ? { overallRate: Number(process.env.ABUSE_FLOOD_RATE) }
        : {}),
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ email: `spray${n++}@example.in`, password: 'Password123' }),
          }),
        },
      ],
    }),
  ]);
  results.push([
    'product page req/s: alone, during a login flood',
    `${Math.round(alone.requests.average)}, ${Math.round(during.requests.average)} ` +
      `(the flood: ${Math.round(flood.requests.average)} logins/s, ` +
      `${Math.round((flood['4xx'] / Math.max(1, flood.requests.total)) * 100)}% refused with 4xx)`,
  ]);

  printRows(results);
} finally {
  await store.stop();
}
