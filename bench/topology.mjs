// The production topology, proved (issue 24 point 7): 2 web processes and 1 worker on PostgreSQL
// (a fresh database, dropped at the end) and Redis (a redis-server of our own, so it can be
// stopped), behind HAProxy (Debian's, health-checking /readyz). Under a bounded load of shoppers
// (listing, product pages, cash-on-delivery orders) it then:
//   (a) terminates every backend of the store's database, then a full outage (ALLOW_CONNECTIONS
//       false + terminate, held OUTAGE_SECONDS) and measures the 503s the balancer answered;
//   (b) stops Redis for a few seconds and starts it again;
//   (c) restarts each web process in turn (SIGTERM: /readyz fails, SHUTDOWN_DRAIN_MS, exit).
// It asserts 0 unexpected process exits, 0 acknowledged orders missing from the database and 0
// failed requests during the rolling restart; the exit code is 1 when one fails.
//   npm run bench:topology
// env: TOPOLOGY_PG_URL (a database to connect to for CREATE DATABASE; default
//      postgres://postgres@127.0.0.1:5432/postgres), TOPOLOGY_DB_PREFIX (default topology),
//      TOPOLOGY_CLIENTS (default 4), HAPROXY (default haproxy), REDIS_SERVER (default redis-server)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { printRows, simpleProducts } from './lib/abuse-store.mjs';
import { freePort } from './lib/store-server.mjs';
import { shippingAddress, waitFor } from './shop.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// ---- how a process is started: the compiled server when built, else TypeScript through tsx ----
const compiledEntry = join(root, 'apps/server/dist/server.js');
const serverCommand = existsSync(compiledEntry)
  ? [compiledEntry]
  : ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];
const hasMigrateScript = Boolean(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.migrate,
);

const PG_URL = process.env.TOPOLOGY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_PREFIX = process.env.TOPOLOGY_DB_PREFIX ?? 'topology';
const CLIENTS = Number(process.env.TOPOLOGY_CLIENTS ?? 4);
// Debian puts it in /usr/sbin, which a user's PATH often lacks
const HAPROXY =
  process.env.HAPROXY ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const DRAIN_MS = 3000;
const OUTAGE_SECONDS = 3;
const REDIS_DOWN_SECONDS = 4;
// a loaded 2-core machine compiles the server with tsx slowly: generous waits, strict assertions
const READY_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 15_000;
const PASSWORD = 'topology-password-1';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const tmp = mkdtempSync(join(tmpdir(), 'topology-'));
const dbName = `${DB_PREFIX}_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
let dbCreated = false;

/** Every child we started: { name, child, log, expectedExit }. */
const processes = [];
const unexpectedExits = [];

async function admin(sql, params) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function start(name, command, args, env = {}) {
  const log = join(tmp, `${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const child = spawn(command, args, {
    // the server's own folder, as npm start runs it: tsx then reads apps/server/tsconfig.json
    // (the e-mail templates' JSX needs its "jsx": "react-jsx")
    cwd: join(root, 'apps/server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const entry = { name, child, log, expectedExit: false };
  entry.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (!entry.expectedExit) {
        unexpectedExits.push({ name, code, signal, log });
        console.error(`!! ${name} exited on its own (code ${code}, signal ${signal})`);
      }
      resolve({ code, signal });
    }),
  );
  processes.push(entry);
  return entry;
}

/** Sends `signal` and waits for the exit; SIGKILL after `timeoutMs`. */
async function stop(entry, signal = 'SIGTERM', timeoutMs = 15_000) {
  entry.expectedExit = true;
  if (entry.child.exitCode !== null || entry.child.signalCode !== null) return entry.exited;
  entry.child.kill(signal);
  const timer = setTimeout(() => entry.child.kill('SIGKILL'), timeoutMs);
  const result = await entry.exited;
  clearTimeout(timer);
  return result;
}

/** [name, 'N × message; …'] for each store process that logged errors (its first log only). */
function loggedErrors() {
  const byName = new Map();
  for (const p of processes) {
    if (!['web1', 'web2', 'worker'].includes(p.name) || byName.has(p.name)) continue;
    const messages = new Map();
    for (const text of readFileSync(p.log, 'utf8').split('\n')) {
      if (!/"level":(50|60)/.test(text)) continue;
      let msg = text;
      try {
        const entry = JSON.parse(text);
        msg = `${entry.msg}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
      } catch {
        // not pino's
      }
      msg = msg.slice(0, 120);
      messages.set(msg, (messages.get(msg) ?? 0) + 1);
    }
    byName.set(p.name, messages);
  }
  return [...byName]
    .filter(([, m]) => m.size > 0)
    .map(([name, m]) => [
      `${name} logged errors`,
      [...m]
        .slice(0, 3)
        .map(([msg, n]) => `${n} × ${msg}`)
        .join('; '),
    ]);
}

const tail = (file, lines = 30) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

// ---- the store's processes ----
const JWT_SECRET = randomBytes(32).toString('hex');
let redisPort;

function startServer(name, port, role) {
  return start(name, process.execPath, serverCommand, {
    ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    JWT_SECRET,
    // HAProxy is the one proxy in front; shoppers send their own X-Forwarded-For, which it keeps,
    // so each shopper's limits count apart as they would behind a real edge
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    LOG_LEVEL: 'warn',
    DATA_DIR: join(tmp, 'data'),
    // cash on delivery is the store's own (stores.cod_enabled): no provider to configure
    PAYMENT_METHODS: 'upi_qr',
  });
}

async function waitReady(entry, port) {
  await Promise.race([
    waitFor(`http://127.0.0.1:${port}/readyz`, { timeoutMs: READY_TIMEOUT_MS }),
    entry.exited.then(({ code }) => {
      throw new Error(`${entry.name} exited (code ${code}) before it was ready`);
    }),
  ]);
}

function startRedis() {
  return start('redis', REDIS_SERVER, [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
  ]);
}

// ---- HAProxy ----
function haproxyConfig(frontPort, webPorts) {
  return `global
  maxconn 2000
  stats socket ${join(tmp, 'haproxy.sock')} mode 600 level admin

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server ${REQUEST_TIMEOUT_MS / 1000}s
  timeout http-request 10s
  timeout queue 5s
  # a closing process refuses or drops a connection: try the other one
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  http-reuse safe
  option http-keep-alive

frontend store
  bind 127.0.0.1:${frontPort}
  default_backend web

backend web
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # a draining process is out within ~1 s of its SIGTERM (SHUTDOWN_DRAIN_MS is 3 s). Two misses,
  # not one, and 2 s per check (without it HAProxy waits only \`inter\`): on a busy 2-core machine
  # one slow /readyz of the process that stays took both out of rotation (36 x 503 in one run)
  timeout check 2s
  default-server inter 500ms fall 2 rise 1
${webPorts.map((p, i) => `  server web${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

/** `show stat` over the stats socket: { web1: 'UP', web2: 'DOWN' }. */
function haproxyServers() {
  return new Promise((resolve, reject) => {
    const socket = connect(join(tmp, 'haproxy.sock'));
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const cols = header.replace(/^# /, '').split(',');
      const [px, sv, status] = ['pxname', 'svname', 'status'].map((c) => cols.indexOf(c));
      const states = {};
      for (const row of rows) {
        const f = row.split(',');
        if (f[px] === 'web' && f[sv] !== 'BACKEND') states[f[sv]] = f[status];
      }
      resolve(states);
    });
    socket.write('show stat\n');
  });
}

async function waitBalancerUp(server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // the socket appears a moment after HAProxy starts
    if ((await haproxyServers().catch(() => ({})))[server] === 'UP') return;
    await sleep(100);
  }
  throw new Error(`HAProxy did not mark ${server} UP within ${seconds(timeoutMs)}`);
}

// ---- the shoppers ----
let phase = 'setup';
const results = [];
const ordersAcked = [];
let base;

/** One request through the balancer; never throws: { status: number | 'error', kind, ... }. */
async function send(kind, path, { method = 'GET', body, token, ip, headers = {} } = {}) {
  const started = Date.now();
  const record = { kind, phase, started, status: 'error', balancer503: false };
  try {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    record.status = res.status;
    // HAProxy's own page ("No server is available") against the store's JSON 503
    record.balancer503 = res.status === 503 && !/json/.test(res.headers.get('content-type') ?? '');
    try {
      record.json = JSON.parse(text);
    } catch {
      // a page
    }
  } catch (err) {
    record.error = err.cause?.code ?? err.name ?? String(err);
  }
  record.ended = Date.now();
  record.endPhase = phase;
  if (phase !== 'setup') results.push(record);
  return record;
}

async function newShopper(i) {
  const ip = `10.24.${i >> 8}.${i & 255}`;
  const email = `topology.${i}.${randomBytes(3).toString('hex')}@example.in`;
  const reg = await send('register', '/api/v1/users/register', {
    method: 'POST',
    ip,
    body: { email, password: PASSWORD, firstName: 'Asha', lastName: 'Verma' },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const login = await send('login', '/api/v1/users/authorize', {
    method: 'POST',
    ip,
    body: { email, password: PASSWORD },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return { ip, email, token: login.json.token };
}

/** A cash-on-delivery order of one product: POST /orders, then POST /payments with method cod. */
async function placeOrder(shopper, product) {
  const order = await send('POST /orders', '/api/v1/orders', {
    method: 'POST',
    token: shopper.token,
    ip: shopper.ip,
    headers: { 'idempotency-key': randomUUID() },
    body: { products: { [product.id]: 1 }, shippingAddress },
  });
  if (order.status !== 201) return;
  ordersAcked.push(order.json.id);
  await send('POST /payments (cod)', '/api/v1/payments', {
    method: 'POST',
    token: shopper.token,
    ip: shopper.ip,
    body: {
      orderId: order.json.id,
      fields: {
        method: 'cod',
        payerName: shippingAddress.fullName,
        email: shopper.email,
        phone: '+919876543210',
        consent: true,
      },
    },
  });
}

function runLoad(shoppers, products) {
  let running = true;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const loops = shoppers.map(async (shopper) => {
    while (running) {
      const x = Math.random();
      if (x < 0.4)
        await send(
          'GET /products',
          `/api/v1/products?page=${1 + Math.floor(Math.random() * 3)}&limit=12`,
          { ip: shopper.ip },
        );
      else if (x < 0.65)
        await send('GET /products/:id', `/api/v1/products/${pick(products).id}`, {
          ip: shopper.ip,
        });
      else if (x < 0.8)
        await send('GET /product/:id (page)', `/product/${pick(products).id}`, {
          ip: shopper.ip,
          // a browser's navigation: the server renders the page (plugins/web.ts)
          headers: { accept: 'text/html' },
        });
      else await placeOrder(shopper, pick(products));
      // a shopper reads the page before the next click; keeps the load bounded on a small machine
      await sleep(20);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

// ---- the phases ----
const phaseTimes = [];
function enter(name) {
  phase = name;
  phaseTimes.push({ name, started: Date.now() });
  console.log(`-- ${name}`);
}

async function terminateBackends() {
  const { rowCount } = await admin(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  );
  return rowCount;
}

/** Each server answers /readyz and a database read (the shopper's orders) on its own port. */
async function everyServerServes(servers, shopper) {
  const problems = [];
  for (const { name, port, role } of servers) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    // a worker serves only the probes (ROLE=worker); its /readyz asks the database itself
    const orders =
      role === 'worker'
        ? null
        : await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
            headers: { authorization: `Bearer ${shopper.token}`, 'x-forwarded-for': shopper.ip },
          }).catch(() => null);
    if (ready?.status !== 200 || (role !== 'worker' && orders?.status !== 200))
      problems.push(
        `${name}: /readyz ${ready?.status ?? 'refused'}` +
          (role === 'worker' ? '' : `, /api/v1/orders ${orders?.status ?? 'refused'}`),
      );
  }
  return problems;
}

async function waitAllServe(servers, shopper, timeoutMs) {
  const started = Date.now();
  let problems = [];
  while (Date.now() - started < timeoutMs) {
    problems = await everyServerServes(servers, shopper);
    if (problems.length === 0) return { ms: Date.now() - started, problems };
    await sleep(200);
  }
  return { ms: null, problems };
}

function summarise(phaseName) {
  // by when the answer came: an order placed just before a fault fails when it strikes
  const rows = results.filter((r) => r.endPhase === phaseName);
  const ok = rows.filter((r) => typeof r.status === 'number' && r.status < 400);
  const s503 = rows.filter((r) => r.status === 503);
  const other = rows.filter(
    (r) => typeof r.status === 'number' && r.status >= 400 && r.status !== 503,
  );
  const errors = rows.filter((r) => r.status === 'error');
  const span = s503.length
    ? Math.max(...s503.map((r) => r.ended)) - Math.min(...s503.map((r) => r.ended))
    : 0;
  return {
    rows,
    ok,
    s503,
    other,
    errors,
    span,
    orders: rows.filter((r) => r.kind === 'POST /orders' && r.status === 201).length,
  };
}

async function main() {
  for (const [cmd, flag] of [
    [HAPROXY, '-v'],
    [REDIS_SERVER, '--version'],
  ]) {
    if (spawnSync(cmd, [flag]).error)
      throw new Error(
        `${cmd} is not installed (apt-get install -y ${cmd === HAPROXY ? 'haproxy' : 'redis-server'})`,
      );
  }
  const [frontPort, web1Port, web2Port, workerPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  redisPort = await freePort();
  base = `http://127.0.0.1:${frontPort}`;
  console.log(
    `topology: HAProxy :${frontPort} → web1 :${web1Port}, web2 :${web2Port}; worker :${workerPort}; Redis :${redisPort}; PostgreSQL ${dbName}`,
  );
  console.log(`server: node ${serverCommand.join(' ')}; logs in ${tmp}`);

  await admin(`CREATE DATABASE "${dbName}"`);
  dbCreated = true;
  const redis = startRedis();
  const web = [
    { name: 'web1', port: web1Port, role: 'web' },
    { name: 'web2', port: web2Port, role: 'web' },
  ];
  const worker = { name: 'worker', port: workerPort, role: 'worker' };
  const launch = (s) => (s.entry = startServer(s.name, s.port, s.role));

  const t0 = Date.now();
  // migrations once, before the processes that serve traffic start together
  if (hasMigrateScript) {
    const migrate = spawnSync('npm', ['run', 'migrate'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl },
      stdio: 'inherit',
    });
    if (migrate.status !== 0) throw new Error('npm run migrate failed');
    for (const s of [...web, worker]) launch(s);
  } else {
    launch(web[0]);
    await waitReady(web[0].entry, web[0].port);
    for (const s of [web[1], worker]) launch(s);
  }
  await Promise.all([...web, worker].map((s) => waitReady(s.entry, s.port)));
  console.log(`all 3 processes ready in ${seconds(Date.now() - t0)}`);

  // orders measure the write path and the outages, not stock or the fair-stock caps
  await admin('SELECT 1'); // the admin connection works before the store's database is touched
  const store = new pg.Client({ connectionString: dbUrl });
  await store.connect();
  await store.query('UPDATE stock_levels SET on_hand = 100000000');
  await store.query('UPDATE stores SET max_open_orders = 1000, max_held_units = 10000');
  await store.end();

  writeFileSync(join(tmp, 'haproxy.cfg'), haproxyConfig(frontPort, [web1Port, web2Port]));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', join(tmp, 'haproxy.cfg')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`haproxy config: ${check.stderr}`);
  start('haproxy', HAPROXY, ['-db', '-f', join(tmp, 'haproxy.cfg')]);
  await waitBalancerUp('web1');
  await waitBalancerUp('web2');

  const shoppers = [];
  for (let i = 0; i < CLIENTS + 1; i++) shoppers.push(await newShopper(i));
  const checker = shoppers.pop();
  const listing = await send('GET /products', '/api/v1/products?limit=100');
  const products = simpleProducts(listing.json.data);
  if (products.length === 0) throw new Error('no product to order without a size or colour');

  const facts = [];
  enter('warm-up');
  const stopLoad = runLoad(shoppers, products);
  await sleep(8000);

  enter('a1: terminate backends');
  facts.push(['a1: backends terminated', String(await terminateBackends())]);
  await sleep(6000);
  const a1 = await waitAllServe([...web, worker], checker, 60_000);
  facts.push([
    'a1: every process serves again after',
    a1.ms === null ? `never: ${a1.problems.join('; ')}` : seconds(a1.ms),
  ]);

  enter('a2: database outage');
  await admin(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
  const outageStart = Date.now();
  facts.push(['a2: backends terminated', String(await terminateBackends())]);
  await sleep(OUTAGE_SECONDS * 1000);
  await admin(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
  const outageEnd = Date.now();
  const a2 = await waitAllServe([...web, worker], checker, 60_000);
  facts.push(['a2: outage held', seconds(outageEnd - outageStart)]);
  facts.push([
    'a2: every process serves again after',
    a2.ms === null
      ? `never: ${a2.problems.join('; ')}`
      : `${seconds(a2.ms)} (after connections were allowed)`,
  ]);
  await sleep(3000);

  enter('b: Redis stopped');
  await stop(redis, 'SIGKILL');
  await sleep(REDIS_DOWN_SECONDS * 1000);
  startRedis();
  const b = await waitAllServe([...web, worker], checker, 60_000);
  facts.push([
    'b: every process serves again after Redis restarted',
    b.ms === null ? `never: ${b.problems.join('; ')}` : seconds(b.ms),
  ]);
  await sleep(3000);

  enter('c: rolling restart');
  for (const s of web) {
    const t = Date.now();
    const { code, signal } = await stop(s.entry, 'SIGTERM', DRAIN_MS + 20_000);
    const exitMs = Date.now() - t;
    launch(s);
    await waitReady(s.entry, s.port);
    await waitBalancerUp(s.name, READY_TIMEOUT_MS);
    facts.push([
      `c: ${s.name} restarted`,
      `exit ${code ?? signal} after ${seconds(exitMs)}, back in the balancer after ${seconds(Date.now() - t)}`,
    ]);
  }
  await sleep(3000);

  enter('cool-down');
  await sleep(2000);
  await stopLoad();
  phase = 'setup';

  // every order the store acknowledged is in the database
  const found = new pg.Client({ connectionString: dbUrl });
  await found.connect();
  const { rows } = await found.query('SELECT id FROM orders WHERE id = ANY($1)', [ordersAcked]);
  // the e-mails those orders queued: how many went out, and why the others wait
  const mail = await found.query(
    `SELECT status, count(*)::int AS n, min(last_error) AS error FROM email_outbox GROUP BY status`,
  );
  await found.end();
  const inDb = new Set(rows.map((r) => r.id));
  const lost = ordersAcked.filter((id) => !inDb.has(id));

  // ---- the table ----
  console.log('');
  const head = [
    'phase',
    'requests',
    '2xx/3xx',
    '503 (balancer/app)',
    'other 4xx/5xx',
    'errors',
    'orders 201',
    '503 span',
  ];
  const widths = [26, 9, 9, 19, 14, 8, 11, 9];
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join(' ');
  console.log(line(head));
  for (const { name } of phaseTimes) {
    const s = summarise(name);
    const balancer = s.s503.filter((r) => r.balancer503).length;
    console.log(
      line([
        name,
        s.rows.length,
        s.ok.length,
        `${s.s503.length} (${balancer}/${s.s503.length - balancer})`,
        s.other.length,
        s.errors.length,
        s.orders,
        seconds(s.span),
      ]),
    );
    // the balancer's own 503s are counted above; the store's are listed with the rest
    const odd = [...s.s503.filter((r) => !r.balancer503), ...s.other, ...s.errors].map(
      (r) =>
        `${r.kind} ${r.status}${r.error ? ` ${r.error}` : ''}${r.json?.error ? ` "${String(r.json.error).slice(0, 70)}"` : ''}`,
    );
    const counts = new Map();
    for (const o of odd) counts.set(o, (counts.get(o) ?? 0) + 1);
    for (const [o, n] of counts) console.log(`${''.padEnd(28)}${n} × ${o}`);
  }
  console.log('');
  // strict: a request that only ended during the restart counts too
  const rollingRows = results.filter(
    (r) => r.phase === 'c: rolling restart' || r.endPhase === 'c: rolling restart',
  );
  const rollingFailed = rollingRows.filter((r) => r.status === 'error' || r.status >= 400);
  const outage = summarise('a2: database outage');
  printRows([
    ...facts,
    [
      'a2: seconds of 503 during the database outage',
      `${seconds(outage.span)} (${outage.s503.length} answers)`,
    ],
    ['orders acknowledged (201)', String(ordersAcked.length)],
    ['acknowledged orders missing from the database', String(lost.length)],
    [
      'e-mails in the outbox',
      mail.rows
        .map((r) => `${r.status} ${r.n}${r.error ? ` (${r.error.slice(0, 80)})` : ''}`)
        .join(', '),
    ],
    ...loggedErrors(),
    ['unexpected process exits', String(unexpectedExits.length)],
    [
      'failed requests during the rolling restart',
      `${rollingFailed.length} of ${rollingRows.length}`,
    ],
  ]);

  const failures = [];
  if (unexpectedExits.length)
    failures.push(`${unexpectedExits.length} process(es) exited on their own`);
  if (lost.length)
    failures.push(`${lost.length} acknowledged order(s) missing: ${lost.slice(0, 5).join(', ')}`);
  if (rollingFailed.length)
    failures.push(`${rollingFailed.length} failed request(s) during the rolling restart`);
  if (ordersAcked.length === 0)
    failures.push('no order was acknowledged: the load did not exercise the write path');
  for (const [label, r] of [
    ['a1', a1],
    ['a2', a2],
    ['b', b],
  ])
    if (r.ms === null) failures.push(`${label}: not every process served again`);
  return failures;
}

// ---- clean-up, also on failure and on Ctrl-C ----
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all(processes.map((p) => stop(p, 'SIGTERM', 5000)));
  if (dbCreated) {
    await admin(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => {});
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch((err) =>
      console.error(`could not drop ${dbName}: ${err.message}`),
    );
  }
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let failures;
try {
  failures = await main();
} catch (err) {
  failures = [`the run stopped: ${err.stack ?? err}`];
} finally {
  for (const { name, code, signal, log } of unexpectedExits) {
    console.error(
      `\n== ${name} exited on its own (code ${code}, signal ${signal}); the end of its log:`,
    );
    console.error(tail(log));
  }
  if (failures?.length) {
    // the store's logs, for whoever reads CI (a restarted process appends to its first log)
    for (const name of ['web1', 'web2', 'worker']) {
      const p = processes.find((e) => e.name === name);
      if (p) console.error(`\n== ${name} log tail:\n${tail(p.log, 10)}`);
    }
  }
  await cleanUp();
}
if (failures.length) {
  console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log(
    '\nOK: 0 unexpected exits, 0 acknowledged orders lost, 0 failed requests in the rolling restart',
  );
}
