import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoreInfo } from '@store/contracts/store';

/** A storefront as a request sees it: its id, its store-info record and its payment choice. */
export interface StoreContext {
  id: string;
  /** host names that reach this storefront (lower case, no port); the first is its own address */
  domains: string[];
  info: StoreInfo;
  /** the owner's payment settings (null fields: the server's); see payment-config.ts paymentConfigForStore */
  payments: {
    methods: string[] | null;
    upiVpa: string | null;
    upiPayeeName: string | null;
    /** cash on delivery offered (its limits are read when a shopper chooses it) */
    codEnabled: boolean;
  };
}

export interface StoreRecord extends StoreContext {
  /** answers hosts no storefront names */
  isDefault: boolean;
}

/** Every storefront (modules/store listStores, handed in by app.ts). */
export type ListStores = () => Promise<StoreRecord[]>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The storefront this request belongs to (from Host / X-Store-Domain, else the default store). */
    store: StoreContext;
  }
  interface FastifyInstance {
    /** Forget cached store rows (call after changing a store). */
    reloadStores(): void;
    /**
     * The store of a request the hook below leaves alone (a page, the sitemap): from the same table
     * and rules as the API's; null when no store is set up.
     */
    storeFor(request: FastifyRequest): Promise<StoreContext | null>;
  }
}

interface StoreTable {
  byDomain: Map<string, StoreContext>;
  fallback: StoreContext | null;
  loadedAt: number;
}

const TTL_MS = 30_000;

function parseHost(value: string): string {
  const first = value.split(',')[0]!.trim().toLowerCase();
  // strip the port, keeping IPv6 literals intact
  return first.startsWith('[')
    ? first.slice(0, first.indexOf(']') + 1)
    : first.replace(/:\d+$/, '');
}

// Every request is resolved by its Host header, and a store sees only a handful of distinct ones:
// parsing each once took ~2% of a catalogue request (bench/api.mjs profile).
const parsedHosts = new Map<string, string>();
function hostOnly(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let host = parsedHosts.get(value);
  if (host === undefined) {
    host = parseHost(value);
    if (parsedHosts.size >= 256) parsedHosts.clear();
    parsedHosts.set(value, host);
  }
  return host;
}

async function loadStores(listStores: ListStores): Promise<StoreTable> {
  const byDomain = new Map<string, StoreContext>();
  let fallback: StoreContext | null = null;
  for (const { isDefault, ...ctx } of await listStores()) {
    for (const d of ctx.domains) byDomain.set(d.toLowerCase(), ctx);
    if (isDefault || !fallback) fallback = ctx;
  }
  return { byDomain, fallback, loadedAt: Date.now() };
}

/** The API's routes, and the e-mails' logo (modules/mail/email-logo.routes.ts); undefined: no route. */
const needsStore = (route: string | undefined) =>
  route !== undefined && (route.startsWith('/api/') || route.startsWith('/email/'));

/** Resolves `request.store` for every /api (and /email) route from an in-memory table of stores. */
export function registerStoreResolution(app: FastifyInstance, listStores: ListStores): void {
  let table: StoreTable | null = null;
  let loading: Promise<StoreTable> | null = null;
  const current = async () => {
    if (table && Date.now() - table.loadedAt < TTL_MS) return table;
    loading ??= loadStores(listStores).finally(() => (loading = null));
    table = await loading;
    return table;
  };

  app.decorateRequest('store', null as unknown as StoreContext);
  app.decorate('reloadStores', () => {
    table = null;
  });
  const storeIn = (t: StoreTable, request: FastifyRequest): StoreContext | null => {
    const wanted =
      hostOnly(request.headers['x-store-domain'] as string | undefined) ??
      hostOnly(request.headers.host);
    return (wanted && t.byDomain.get(wanted)) || t.fallback;
  };
  app.decorate('storeFor', async (request: FastifyRequest) => {
    if (request.store) return request.store;
    const store = storeIn(await current(), request);
    if (store) request.store = store;
    return store;
  });
  const resolve = (t: StoreTable, request: FastifyRequest, reply: FastifyReply): boolean => {
    const store = storeIn(t, request);
    if (!store) {
      reply
        .code(503)
        .send({ error: 'The store is not set up yet: run npm run seed', code: 'store_not_set_up' });
      return false;
    }
    request.store = store;
    return true;
  };

  // callback-style hook: no promise per request when the store table is already loaded
  app.addHook('onRequest', (request, reply, done) => {
    // Decided on the route the router chose, never on request.url as sent: /%61pi/v1/products and
    // GET http://host/api/v1/products reach the same handlers, which then had no store (500).
    if (!needsStore(request.routeOptions.url)) return done();
    if (table && Date.now() - table.loadedAt < TTL_MS) {
      if (resolve(table, request, reply)) done();
      return;
    }
    current().then(
      (t) => (resolve(t, request, reply) ? done() : undefined),
      (err: Error) => done(err),
    );
  });
}
