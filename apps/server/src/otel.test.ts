import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot, serverRoot } from './env';

/**
 * The real server with OTEL_EXPORTER_OTLP_ENDPOINT set sends its traces to an OTLP receiver: here
 * our own HTTP server, decoding the JSON protocol, standing in for a collector.
 */
interface Span {
  scope: string;
  name: string;
  attributes: Record<string, unknown>;
}

const dataDir = mkdtempSync(join(tmpdir(), 'store-otel-'));
let child: ChildProcess | undefined;
let receiver: Server | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An OTLP/HTTP receiver keeping every span it is sent (POST /v1/traces, JSON). */
async function startReceiver(spans: Span[]): Promise<number> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const sent = JSON.parse(body) as {
          resourceSpans: {
            scopeSpans: {
              scope: { name: string };
              spans: { name: string; attributes: { key: string; value: object }[] }[];
            }[];
          }[];
        };
        for (const rs of sent.resourceSpans)
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans)
              spans.push({
                scope: ss.scope.name,
                name: s.name,
                attributes: Object.fromEntries(
                  s.attributes.map((a) => [a.key, Object.values(a.value)[0]]),
                ),
              });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  return (receiver.address() as AddressInfo).port;
}

it('sends a span named by the route for a request to the store', { timeout: 90_000 }, async () => {
  const spans: Span[] = [];
  const otlpPort = await startReceiver(spans);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ADMIN_DIST_DIR: join(dataDir, 'no-admin'),
    SHUTDOWN_DRAIN_MS: '0',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // spans leave every 200 ms rather than every 5 s
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  for (const k of ['PAYMENT_METHODS', 'PAYU_KEY', 'PAYU_SALT', 'NODE_ENV', 'S3_BUCKET'])
    delete childEnv[k];
  // what production runs: the compiled server, whose bundle must still start tracing first
  const built = spawnSync(
    process.execPath,
    [resolve(repoRoot, 'scripts/ensure-server-build.mjs')],
    {
      encoding: 'utf8',
    },
  );
  expect(built.status, built.stderr).toBe(0);
  child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));

  // the port the server chose, from its "Server listening at" log line
  let base: string | undefined;
  for (let i = 0; i < 240 && !base; i++) {
    base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (!base) await sleep(250);
  }
  expect(base, output).toBeDefined();

  const res = await fetch(`${base}/api/v1/products/00000000-0000-4000-8000-000000000000`);
  expect(res.status).toBe(404);
  const route = '/api/v1/products/:id';
  for (let i = 0; i < 40; i++) {
    if (spans.some((s) => s.attributes['http.route'] === route)) break;
    await sleep(250);
  }
  const server = spans.find(
    (s) => s.scope === '@opentelemetry/instrumentation-http' && s.name === `GET ${route}`,
  );
  expect(server?.attributes).toMatchObject({ 'http.route': route });
  expect(
    spans.some((s) => s.scope === '@fastify/otel' && s.attributes['http.route'] === route),
  ).toBe(true);
});
