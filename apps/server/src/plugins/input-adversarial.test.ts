import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../lib/body-limit';
import { signInStaff } from '../test/staff';
import { createTestApp, registerAndLogin, type TestApp } from '../test/test-app';

// No input costs more than linear time: every string the API reads (body, query, path, as its
// OpenAPI document lists them) is sent in the classic shapes that make a backtracking pattern
// take quadratic or exponential time, as large as the route accepts. Each answer must come
// within 50 ms of the same route given as many plain letters, and be a JSON 4xx, never a 5xx.

const SLACK_MS = 50;
/** Node refuses request headers over 16 KB: the longest value a query or path can carry. */
const URL_VALUE_BYTES = 14_000;
/** The routes that take more than the default body, and how much of it to send. */
const LARGE_BODIES: Record<string, number> = { '/api/v1/admin/products/import': 1024 * 1024 };
const SOME_ID = '00000000-0000-4000-8000-000000000000';

const shapes: Record<string, (n: number) => string> = {
  dotsBetweenAts: (n) => 'a@' + '.'.repeat(n) + '@',
  lettersThenBang: (n) => 'a'.repeat(n) + '!',
  hyphens: (n) => '-'.repeat(n),
  spacesThenX: (n) => ' '.repeat(n) + 'x',
  zerosThenX: (n) => '0'.repeat(n) + 'x',
  digitDots: (n) => '1.'.repeat(Math.floor(n / 2)),
  tabs: (n) => '\t'.repeat(n),
  slashesThenA: (n) => '/'.repeat(n) + 'a',
  mixed: (n) => 'a.-@ 0_/+'.repeat(Math.floor(n / 9)),
};

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A way to put one string into a body: the body it makes. */
type Placement = { name: string; body: (value: string) => unknown };

/** Every string a body schema holds (nested objects, array items, record keys and values). */
function bodyPlacements(schema: Schema, name = 'body'): Placement[] {
  const at = (inner: Placement, wrap: (v: unknown) => unknown): Placement => ({
    name: inner.name,
    body: (value) => wrap(inner.body(value)),
  });
  const out: Placement[] = [];
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...bodyPlacements(option, name));
  if (schema.properties) {
    for (const [key, child] of Object.entries(schema.properties))
      out.push(...bodyPlacements(child, `${name}.${key}`).map((p) => at(p, (v) => ({ [key]: v }))));
  }
  if (typeof schema.additionalProperties === 'object') {
    out.push({ name: `${name}.<key>`, body: (value) => ({ [value]: 1 }) });
    out.push(
      ...bodyPlacements(schema.additionalProperties, `${name}.*`).map((p) =>
        at(p, (v) => ({ k: v })),
      ),
    );
  }
  if (schema.items)
    out.push(...bodyPlacements(schema.items, `${name}[]`).map((p) => at(p, (v) => [v])));
  const leaf =
    !schema.properties && !schema.items && !schema.anyOf && !schema.oneOf && !schema.allOf;
  if (schema.type === 'string' || (leaf && schema.type === undefined))
    out.push({ name, body: (value) => value });
  return out;
}

let t: TestApp;
let shopperAuth: Record<string, string>;
let staffAuth: Record<string, string>;
let addressCount = 0;
/** A fresh client address per request: the sign-in limits would otherwise answer before validation. */
const nextAddress = () => {
  addressCount++;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
};

beforeAll(async () => {
  t = await createTestApp();
  shopperAuth = { authorization: `Bearer ${(await registerAndLogin(t.app)).token}` };
  staffAuth = (await signInStaff(t.app, t.db, 'owner')).headers;
});
afterAll(() => t.close());

interface Sent {
  ms: number;
  status: number;
  type: string;
  body: string;
}

async function send(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: unknown;
}): Promise<Sent> {
  const start = performance.now();
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    remoteAddress: nextAddress(),
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
  return {
    ms: performance.now() - start,
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    body: res.body,
  };
}

/** The fastest of up to three tries: a garbage collection or the other tests' load is not the input's cost. */
async function timed(make: () => Parameters<typeof send>[0], within = SLACK_MS): Promise<Sent> {
  let best = await send(make());
  for (let i = 0; i < 2 && best.ms > within; i++) {
    const again = await send(make());
    if (again.ms < best.ms) best = again;
  }
  return best;
}

/**
 * How long an answer may take: the plain letters' time and 50 ms. A body of a megabyte takes
 * most of a second to parse whatever it holds, and on a shared machine that time alone varies by
 * more than 50 ms, so half of it is allowed too: a super-linear shape costs multiples, not halves.
 */
const allowedMs = (benignMs: number) => benignMs * 1.5 + SLACK_MS;

/** How many characters of `shape` fit in `bytes` once JSON- or URL-encoded. */
function fitted(shape: (n: number) => string, bytes: number, encode: (s: string) => string) {
  const probe = encode(shape(1000)).length / 1000;
  return shape(Math.floor(bytes / Math.max(1, probe)));
}

describe('adversarial input to every string the API reads', () => {
  it('answers each in about the time of as many plain letters, never with a 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const problems: string[] = [];
    let requests = 0;
    let fields = 0;

    const check = async (
      label: string,
      make: (value: string) => Parameters<typeof send>[0],
      size: (shape: (n: number) => string) => string,
    ) => {
      fields++;
      const benign = await timed(() => make(size((n) => 'a'.repeat(n))));
      requests++;
      for (const [shapeName, shape] of Object.entries(shapes)) {
        const value = size(shape);
        const answer = await timed(() => make(value), allowedMs(benign.ms));
        requests++;
        const where = `${label} ${shapeName} (${value.length} chars)`;
        if (answer.status >= 500)
          problems.push(`${where}: ${answer.status} ${answer.body.slice(0, 200)}`);
        // a refusal must be cheap; an accepted value (" " x n + "x" is the search "x") does the
        // route's real work, which the letters, refused, did not
        if (answer.status >= 400 && answer.ms > allowedMs(benign.ms)) {
          // slow once is the machine (another test's burst, a collection); slow in every one of
          // three later rounds, letters and shape timed side by side, is the input's cost
          let [letters, shaped] = [benign.ms, answer.ms];
          for (let round = 0; round < 3 && shaped > allowedMs(letters); round++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            letters = (await timed(() => make(size((n) => 'a'.repeat(n))))).ms;
            shaped = (await timed(() => make(value), allowedMs(letters))).ms;
            requests += 2;
          }
          if (shaped > allowedMs(letters))
            problems.push(
              `${where}: ${shaped.toFixed(0)} ms, plain letters ${letters.toFixed(0)} ms`,
            );
        }
        if (answer.status >= 400) {
          const json =
            answer.type.includes('application/json') &&
            typeof (JSON.parse(answer.body) as { error?: unknown }).error === 'string';
          if (!json)
            problems.push(`${where}: ${answer.status} not a JSON { error }: ${answer.type}`);
        }
      }
    };

    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const headers: Record<string, string> = op.security?.length
          ? path.startsWith('/api/v1/admin/')
            ? staffAuth
            : shopperAuth
          : {};
        const urlWith = (params: Record<string, string>, query = '') =>
          path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            encodeURIComponent(params[name] ?? SOME_ID),
          ) + query;
        const label = `${method.toUpperCase()} ${path}`;
        const inUrl = (s: string) => encodeURIComponent(s);

        for (const param of op.parameters ?? []) {
          if (param.in !== 'query' && param.in !== 'path') continue;
          await check(
            `${label} ${param.in}.${param.name}`,
            (value) => ({
              method,
              headers,
              url:
                param.in === 'path'
                  ? urlWith({ [param.name]: value })
                  : urlWith({}, `?${param.name}=${inUrl(value)}`),
              ...(op.requestBody ? { payload: {} } : {}),
            }),
            (shape) => fitted(shape, URL_VALUE_BYTES, inUrl),
          );
        }

        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const limit = LARGE_BODIES[path] ?? BODY_LIMIT - 2048;
        for (const placement of bodyPlacements(schema)) {
          await check(
            `${label} ${placement.name}`,
            (value) => ({
              method,
              headers: { ...headers, 'content-type': 'application/json' },
              url: urlWith({}, path.endsWith('/import') ? '?dryRun=true' : ''),
              payload: JSON.stringify(placement.body(value)),
            }),
            (shape) => fitted(shape, limit, (s) => JSON.stringify(s)),
          );
        }
      }
    }

    expect(fields).toBeGreaterThan(150);
    expect(requests).toBeGreaterThan(1500);
    expect(problems).toEqual([]);
  }, 120_000);
});
