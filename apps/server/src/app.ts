import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import { serverRoot } from './env';
import { BODY_LIMIT } from './lib/body-limit';
import { CacheFront } from './lib/cache-front';
import { localCatalogueBus, type CatalogueBus } from './lib/catalogue-bus';
import { errorBody } from '@store/contracts/api-errors';
import { registerErrorHandler } from './lib/errors';
import { requestIdOf } from './lib/request-id';
import { toOriginForm } from './lib/request-path';
import { ResponseCache } from './lib/response-cache';
import { operatorRoutes } from './modules/orders/operator.routes';
import { operatorStaffRoutes } from './modules/staff/operator-staff.routes';
import { operatorBackupRoutes } from './modules/backup/operator-backup.routes';
import { operatorReportRoutes } from './modules/reports/operator-gstr1.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { shopperReturnRoutes } from './modules/returns/returns.routes';
import { adminReturnRoutes } from './modules/returns/admin-returns.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { adminReviewRoutes } from './modules/reviews/admin-reviews.routes';
import { quoteRoutes } from './modules/pricing/quote.routes';
import { adminDiscountRoutes } from './modules/pricing/admin-discounts.routes';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { cartRoutes } from './modules/carts/carts.routes';
import { cartReminderRoutes } from './modules/carts/cart-reminders.routes';
import { trimEnd } from '@store/contracts/text';
import { messageRoutes } from './modules/messages/messages.routes';
import { adminMessageRoutes } from './modules/messages/admin-messages.routes';
import {
  adminOrderDocumentRoutes,
  orderDocumentRoutes,
} from './modules/orders/order-documents.routes';
import { sandboxEnabled, type PaymentConfig } from './modules/payments/payment-config';
import { operatorPaymentRoutes } from './modules/payments/operator-payments.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { sandboxGatewayRoutes } from './modules/payments/sandbox.routes';
import { stockAlertRoutes } from './modules/stock-alerts/stock-alerts.routes';
import { productRoutes } from './modules/products/products.routes';
import { relatedProductRoutes } from './modules/products/related-products.routes';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { storeRoutes } from './modules/store/store.routes';
import { userRoutes } from './modules/users/users.routes';
import { sessionStillValid } from './modules/users/users.service';
import { registerAuth } from './plugins/auth';
import { registerDeviceCookies } from './plugins/device-cookie';
import {
  clientErrorHandler,
  frameworkErrors,
  registerHttpHardening,
  securityHeaders,
} from './plugins/http-hardening';
import { registerHealth } from './plugins/health';
import { registerMetrics, StoreMetrics } from './plugins/metrics';
import { registerNoStoreByDefault } from './plugins/private-answers';
import { registerRateLimits, type RateLimitStoreOptions } from './plugins/rate-limit';
import { registerStaffAuth } from './plugins/staff-auth';
import { registerStoreResolution } from './plugins/store';
import { adminSessionRoutes, adminStaffRoutes } from './modules/staff/admin-staff.routes';
import { adminOrderRoutes } from './modules/orders/admin-orders.routes';
import { adminNewOrderRoutes } from './modules/orders/admin-new-order.routes';
import { adminHeldStockRoutes } from './modules/orders/admin-held-stock.routes';
import { adminPaymentRoutes } from './modules/payments/admin-payments.routes';
import { Couriers, noCouriers, type CourierConfig } from './modules/shipping/couriers/couriers';
import { adminShipmentRoutes, courierWebhookRoutes } from './modules/shipping/shipment.routes';
import { adminDashboardRoutes } from './modules/reports/dashboard.routes';
import { adminExportRoutes } from './modules/reports/exports.routes';
import { adminCustomerRoutes } from './modules/users/admin-customers.routes';
import { adminProductRoutes } from './modules/products/admin-products.routes';
import { adminCategoryRoutes } from './modules/products/admin-categories.routes';
import { adminProductCsvRoutes } from './modules/products/admin-products-csv.routes';
import { adminSettingsRoutes } from './modules/store/admin-settings.routes';
import { memoryMediaStorage, type MediaStorage } from './lib/media-storage';
import { demoOutboxRoutes } from './modules/mail/demo-outbox.routes';
import { outboxAccess } from './modules/staff/outbox-pass.service';
import { emailLogoRoutes } from './modules/mail/email-logo.routes';
import type { MailConfig } from './modules/mail/mail-sender.service';
import { memoryTransport } from './modules/mail/mail-transport';
import { demoMessages } from './modules/messaging/message-sender.service';
import type { MessagingConfig } from './modules/messaging/registry';
import { adminImageRoutes } from './modules/media/admin-images.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { siteImageRoutes } from './modules/media/site-images.routes';
import { siteImages } from './modules/media/site-images';
import { seoRoutes } from './modules/seo/seo.routes';
import { PAGE_FRONT_ANSWERS, registerWeb } from './plugins/web';
import { createPageCache } from './plugins/web-page-cache';
import { applyHead } from './modules/seo/head-tags';
import { pageHead } from './modules/seo/page-head';
import { sanitizePolicyHtml } from './modules/store/admin-settings.service';
import { findSession } from './modules/staff/staff.service';
import { listStores } from './modules/store/store.service';

const API_PREFIX = '/api/v1';

/** A built app's folder when it holds an index.html; else null (not served). */
const builtApp = (dir: string | null | undefined) =>
  dir && existsSync(join(dir, 'index.html')) ? dir : null;

/** The API docs' page (Swagger UI): its own scripts and styles, calls to this server only. */
const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Everything the app needs, given by whoever builds it: server.ts from env.ts, tests their own.
 * The app reads no environment, so a test app never picks up a live store's settings.
 */
export interface AppConfig {
  /** An open, migrated database (PGlite or PostgreSQL): see db/client.ts openDatabase. */
  db: Db;
  /** HS256 key for session tokens: see lib/jwt-secret.ts. */
  jwtSecret: Uint8Array;
  /** Payment methods and provider secrets: see payment-config.ts paymentConfigFromEnv. */
  payments: PaymentConfig;
  /** Courier accounts (Shiprocket): see modules/shipping/couriers/couriers.ts; default none. */
  couriers?: CourierConfig;
  /** Where login and registration attempts are counted: Redis, or in process when empty. */
  rateLimits: RateLimitStoreOptions;
  /** Built web app folder; null or missing index.html: API only. */
  webDistDir?: string | null;
  /** Built back-office app folder, served at /admin; null or missing index.html: not served. */
  adminDistDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Absolute origin for links the server builds (payment return URLs); https turns HSTS on. */
  publicBaseUrl?: string | undefined;
  /** How long a Pending order waits for payment (env ORDER_PAY_WINDOW_MINUTES); default 30 minutes. */
  payWindowMs?: number;
  /** Tells the other server processes of catalogue changes (lib/catalogue-bus.ts); default: this process only. */
  catalogueBus?: CatalogueBus;
  /** Proxies in front whose X-Forwarded-For is believed (env.ts TRUST_PROXY); default none. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Uploaded images' renditions (lib/media-storage.ts); default: in memory, gone with the app. */
  mediaStorage?: MediaStorage;
  /** E-mail (modules/mail): transport, sender, links' origin; default: kept in memory, links to publicBaseUrl. */
  mail?: MailConfig;
  /** Called by app.emailQueued() after a commit that queued e-mail: server.ts wakes the mail job. */
  onEmailQueued?: () => void;
  /** WhatsApp and SMS (modules/messaging/registry.ts); default: the demo (no provider). */
  messaging?: MessagingConfig;
  /**
   * Whether pages go out client-rendered while the event loop is busy (plugins/web-render.ts);
   * default true. Tests turn it off (their process also runs the embedded database and the tests)
   * or give their own meter of busy.
   */
  shedPageRendersWhenBusy?: boolean | (() => boolean);
  /** How long catalogue answers are cached, in ms (env CATALOGUE_CACHE_TTL_MS); 0: not at all; default 30 s. */
  catalogueCacheTtlMs?: number;
  /** How long rendered public pages are kept, in ms (env PAGE_CACHE_TTL_MS); 0: rendered every time; default 30 s. */
  pageCacheTtlMs?: number;
  /** How many rendered pages are kept at most (plugins/web-page-cache.ts); tests lower it. */
  pageCacheMaxEntries?: number;
  /**
   * A consistent copy of the embedded database (db/backup.ts dumpEmbeddedDatabase), served to
   * `npm run store -- backup`; unset (PostgreSQL, most tests): the operator is told to use pg_dump.
   */
  dumpDatabase?: () => Promise<Blob>;
  /** Where the app counts its requests and caches (plugins/metrics.ts); default: a registry of its own. */
  metrics?: StoreMetrics;
  /** env METRICS_TOKEN: GET /metrics then needs it as a bearer token; unset: loopback only. */
  metricsToken?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database handle given to buildApp. */
    db: Db;
    /** Serialized GET /products and /storeInfo responses; clear when the catalogue changes. */
    catalogueCache: ResponseCache;
    /** Rendered public pages (plugins/web-page-cache.ts), cleared with the catalogue; null: off. */
    renderedPages: ResponseCache | null;
    /** Call after changing products, stock, categories or store settings: every process forgets its copies. */
    catalogueChanged(): void;
    publicBaseUrl: string | undefined;
    /** How e-mail leaves (the mail job sends with it). */
    mail: MailConfig;
    /**
     * Call after a transaction that queued e-mail commits: it is sent now rather than at the next
     * minute (server.ts wakes the messages job too: the order events queue both).
     */
    emailQueued(): void;
    /** How WhatsApp and SMS messages leave (the messages job sends with it). */
    messaging: MessagingConfig;
  }
}

export async function buildApp(options: AppConfig): Promise<FastifyInstance> {
  const hardening = {
    hsts: (options.publicBaseUrl ?? '').startsWith('https:'),
  };
  const metrics = options.metrics ?? new StoreMetrics();
  const cache = new ResponseCache(options.catalogueCacheTtlMs);
  cache.onLookup = (result) => metrics.cacheLookup('route', result);
  // Rendered public pages, forgotten with the catalogue (plugins/web-page-cache.ts).
  const pageCacheTtlMs = options.pageCacheTtlMs ?? 30_000;
  const pageCache =
    pageCacheTtlMs > 0 ? createPageCache(pageCacheTtlMs, options.pageCacheMaxEntries) : null;
  if (pageCache) pageCache.onLookup = (result) => metrics.cacheLookup('page', result);
  // Repeat catalogue reads are answered from the cache before Fastify (lib/cache-front.ts).
  const front = new CacheFront(cache, securityHeaders(hardening), (route, status, seconds) => {
    metrics.cacheLookup('front', 'hit');
    metrics.observeRequest('GET', route, status, seconds);
  });
  // And kept pages too, with their own headers (their CSP replaces the API's).
  const pageFront = pageCache
    ? new CacheFront(
        pageCache,
        securityHeaders(hardening).filter(([name]) => name !== 'content-security-policy'),
        (route, status, seconds) => {
          metrics.cacheLookup('page', 'hit');
          metrics.observeRequest('GET', route, status, seconds);
        },
        PAGE_FRONT_ANSWERS,
      )
    : null;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // shoppers' order ids and products ids are short; refuse absurd URLs early
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // GET http://host/path is routed, hooked and served as GET /path (lib/request-path.ts)
    rewriteUrl: toOriginForm,
    frameworkErrors,
    clientErrorHandler,
    // request.ip is the shopper's only when the proxy in front is trusted (rate limits count by it)
    trustProxy: options.trustProxy ?? false,
    // the caller's X-Request-Id when sane, else a UUID: in every log line and echoed back
    genReqId: requestIdOf,
    serverFactory: (handler, opts) => {
      const server = createServer(front.wrap(pageFront ? pageFront.wrap(handler) : handler));
      // as Fastify sets up the server it makes itself (fastify/lib/server.js), with its defaults
      const o = opts as FastifyServerOptions;
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  front.log = app.log;
  if (pageFront) pageFront.log = app.log;
  app.addHook('preClose', (done) => {
    front.closing = true;
    if (pageFront) pageFront.closing = true;
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerMetrics(app, metrics, { token: options.metricsToken });
  // JSON only: form bodies are parsed just where a payment provider or the sandbox posts a form
  // (payments.routes.ts, sandbox.routes.ts), so no cross-site HTML form reaches the API.
  app.removeContentTypeParser('text/plain');
  registerHttpHardening(app, hardening);

  const { payments } = options;
  const mediaStorage = options.mediaStorage ?? memoryMediaStorage();
  // one per app: each courier keeps its API login for the process's life
  const couriers = new Couriers(options.couriers ?? noCouriers);
  app.decorate('db', options.db);
  app.decorate('catalogueCache', cache);
  app.decorate('renderedPages', pageCache);
  app.decorate('publicBaseUrl', options.publicBaseUrl);
  const mail = options.mail ?? {
    transport: memoryTransport(),
    baseUrl: options.publicBaseUrl ?? 'http://localhost',
  };
  app.decorate('mail', mail);
  app.decorate('emailQueued', () => options.onEmailQueued?.());
  app.decorate('messaging', options.messaging ?? { providers: {}, demo: true });
  // what a storefront shows comes from the catalogue, stock and store settings: every change to
  // them (here, or announced by another process, or a bus reconnect's full refresh) forgets both
  const forgetCatalogue = () => {
    cache.clear();
    pageCache?.clear();
    app.reloadStores();
  };
  const bus = options.catalogueBus ?? localCatalogueBus();
  bus.subscribe(forgetCatalogue);
  app.decorate('catalogueChanged', () => {
    forgetCatalogue();
    bus.publish();
  });
  // the load balancer's probes: before anything a request of the shop's goes through
  registerHealth(app, options.db);
  registerStoreResolution(app, () => listStores(options.db));
  registerAuth(app, options.jwtSecret, (storeId, userId, issuedAtMs) =>
    sessionStillValid(options.db, storeId, userId, issuedAtMs),
  );
  registerStaffAuth(app, (storeId, token) => findSession(options.db, storeId, token));
  registerDeviceCookies(app, options.jwtSecret, options.publicBaseUrl);

  await registerRateLimits(app, options.rateLimits);
  // Answers compressed per request (pages, uncached API answers) at levels that cost about a
  // millisecond: brotli's default quality 11 spent 54 ms of CPU on the 163 KB listing page, more
  // than rendering it, for 9% fewer bytes than quality 5 (11.5 vs 12.7 KB). Built files and cached
  // answers are compressed once, at their best (precompressed builds, lib/response-cache.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Stationery store API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    // Swagger UI's page loads its scripts from its own files: only those may run
    staticCSP: API_DOCS_CSP,
  });

  // product, category and logo art: hashed names immutable, plain names an hour (site-images.ts)
  await app.register(siteImageRoutes, { images: siteImages() });

  await app.register(
    async (api) => {
      registerNoStoreByDefault(api);
      // an unknown API route is a JSON 404 with its code, whatever page handler serves the rest
      api.setNotFoundHandler((_request, reply) =>
        reply.code(404).send(errorBody('Not found', 'not_found')),
      );
      await api.register(userRoutes, { db: options.db });
      await api.register(addressRoutes, { db: options.db });
      await api.register(cartRoutes, { db: options.db });
      await api.register(cartReminderRoutes, { db: options.db, jwtSecret: options.jwtSecret });
      await api.register(messageRoutes, { db: options.db, jwtSecret: options.jwtSecret });
      await api.register(storeRoutes, { cache });
      await api.register(productRoutes, { db: options.db, cache });
      await api.register(stockAlertRoutes, { db: options.db });
      await api.register(relatedProductRoutes, { db: options.db, cache });
      await api.register(reviewRoutes, { db: options.db });
      await api.register(shippingRoutes, { db: options.db });
      await api.register(courierWebhookRoutes, { db: options.db, couriers });
      await api.register(orderRoutes, {
        db: options.db,
        jwtSecret: options.jwtSecret,
        ...(options.payWindowMs ? { payWindowMs: options.payWindowMs } : {}),
      });
      await api.register(shopperReturnRoutes, {
        db: options.db,
        config: payments,
        storage: mediaStorage,
        ...(options.payWindowMs ? { payWindowMs: options.payWindowMs } : {}),
      });
      await api.register(orderDocumentRoutes, { db: options.db });
      await api.register(quoteRoutes, { db: options.db });
      await api.register(operatorRoutes, { db: options.db, jwtSecret: options.jwtSecret });
      await api.register(operatorStaffRoutes, { db: options.db, jwtSecret: options.jwtSecret });
      await api.register(operatorReportRoutes, { db: options.db, jwtSecret: options.jwtSecret });
      await api.register(operatorBackupRoutes, {
        jwtSecret: options.jwtSecret,
        dump: options.dumpDatabase,
      });
      await api.register(operatorPaymentRoutes, {
        db: options.db,
        jwtSecret: options.jwtSecret,
        config: payments,
      });
      await api.register(paymentRoutes, {
        db: options.db,
        jwtSecret: options.jwtSecret,
        config: payments,
        publicBaseUrl: options.publicBaseUrl,
      });
      // the back office (/admin/*): each module's admin routes, all behind a staff session
      await api.register(adminSessionRoutes, { db: options.db });
      await api.register(adminStaffRoutes, { db: options.db });
      await api.register(adminOrderRoutes, { db: options.db });
      await api.register(adminNewOrderRoutes, {
        db: options.db,
        jwtSecret: options.jwtSecret,
        publicBaseUrl: options.publicBaseUrl,
        ...(options.payWindowMs ? { payWindowMs: options.payWindowMs } : {}),
      });
      await api.register(adminHeldStockRoutes, {
        db: options.db,
        ...(options.payWindowMs ? { payWindowMs: options.payWindowMs } : {}),
      });
      await api.register(adminOrderDocumentRoutes, { db: options.db });
      await api.register(adminShipmentRoutes, { db: options.db, couriers });
      await api.register(adminPaymentRoutes, { db: options.db, config: payments });
      await api.register(adminReturnRoutes, { db: options.db, config: payments });
      await api.register(adminReviewRoutes, { db: options.db });
      await api.register(adminDashboardRoutes, { db: options.db });
      await api.register(adminExportRoutes, { db: options.db });
      await api.register(adminCustomerRoutes, { db: options.db });
      await api.register(adminProductRoutes, { db: options.db });
      await api.register(adminCategoryRoutes, { db: options.db });
      await api.register(adminDiscountRoutes, { db: options.db });
      await api.register(adminProductCsvRoutes, { db: options.db });
      await api.register(adminSettingsRoutes, { db: options.db, payments });
      await api.register(adminImageRoutes, { db: options.db, storage: mediaStorage });
      await api.register(adminMessageRoutes, {
        db: options.db,
        jwtSecret: options.jwtSecret,
        baseUrl: trimEnd(mail.baseUrl, '/'),
      });
    },
    { prefix: API_PREFIX },
  );
  await app.register(mediaRoutes, { storage: mediaStorage });
  await app.register(demoOutboxRoutes, {
    db: options.db,
    transport: mail.transport,
    access: outboxAccess(options.db, options.jwtSecret),
    // the demo's WhatsApp and SMS messages, listed beside the e-mails
    messages: (storeId) => demoMessages(options.db, storeId, trimEnd(mail.baseUrl, '/')),
  });
  await app.register(emailLogoRoutes, {
    // where /images/ and the built web app's files are served from
    siteDirs: [join(serverRoot, 'public'), builtApp(options.webDistDir)].filter(
      (dir): dir is string => dir !== null,
    ),
    storage: mediaStorage,
    baseUrl: mail.baseUrl,
  });
  if (sandboxEnabled(payments)) {
    app.log.warn(
      'The sandbox gateway is on (PAYMENT_METHODS includes gateway): orders can be marked paid without money. ' +
        'Leave it out in a store that takes real orders.',
    );
    await app.register(sandboxGatewayRoutes, {
      db: options.db,
      config: payments,
      publicBaseUrl: options.publicBaseUrl,
    });
  }

  // robots.txt and the sitemap: before the web app's pages, and served by an API-only app too
  await app.register(seoRoutes);
  await registerWeb(app, builtApp(options.webDistDir), builtApp(options.adminDistDir), {
    shedRendersWhenBusy: options.shedPageRendersWhenBusy ?? true,
    pageCache,
    pageHead,
    applyHead,
    sanitizePolicyHtml,
  });
  return app;
}
