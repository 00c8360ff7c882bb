// first: tracing (when configured) must be running before Fastify and pg are loaded
import './otel';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError, recordServerAddress } from './db/lock';
import { dumpEmbeddedDatabase } from './db/backup';
import { seedOnStart } from './db/seed-on-start';
import { env } from './env';
import { startJobRunner, type JobRunner } from './jobs/job-runner';
import { storeJobs } from './jobs/store-jobs';
import { buildWorkerApp } from './worker-app';
import { localCatalogueBus, postgresCatalogueBus } from './lib/catalogue-bus';
import { resolveJwtSecret } from './lib/jwt-secret';
import { mediaStorageFromEnv } from './lib/media-storage';
import { mailTransportFromEnv } from './modules/mail/mail-transport';
import { messagingConfigFromEnv } from './modules/messaging/registry';
import { liveModeProblems, liveModeRefusal } from './modules/payments/live-mode';
import { courierConfigFromEnv } from './modules/shipping/couriers/couriers';
import {
  derivedSandboxSecret,
  paymentConfigFromEnv,
  sandboxEnabled,
} from './modules/payments/payment-config';
import { demoModeNotice } from './lib/demo-mode-notice';
import { logSerializers } from './lib/log-redaction';
import { loggableError } from './lib/pg-errors';
import { guardUnhandledRejections } from './lib/process-guards';
import { StoreMetrics } from './plugins/metrics';

// logged, not fatal (lib/process-guards.ts); through the app's logger once there is one
const logProcessErrorsTo = guardUnhandledRejections((message, err) => console.error(message, err));

async function main() {
  // Live mode takes real money: refuse a configuration that would not, before touching any data.
  const problems = liveModeProblems(env);
  if (problems.length > 0) {
    console.error(liveModeRefusal(problems));
    process.exit(1);
  }
  const metrics = new StoreMetrics();
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          databaseUrl: env.DATABASE_URL,
          onConnectionError: (err) =>
            console.error(`PostgreSQL closed a connection (${err.message}); reconnecting`),
          onConnectWait: (seconds) => metrics.poolWaited(seconds),
        }
      : { dataDir: env.DATA_DIR },
  ).catch((err: unknown) => {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  if (database.poolStats) metrics.watchPool(database.poolStats);
  const seeded = await seedOnStart(database, env);
  const jwtSecret = resolveJwtSecret({
    secret: env.JWT_SECRET,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
  });
  const payments = paymentConfigFromEnv(env, derivedSandboxSecret(jwtSecret));
  const payWindowMs = env.ORDER_PAY_WINDOW_MINUTES * 60_000;
  // several processes share PostgreSQL: a change made in one clears the caches of all
  const catalogueBus = env.DATABASE_URL
    ? await postgresCatalogueBus({
        connectionString: env.DATABASE_URL,
        log: (message, err) => console.error(err ? `${message}: ${err.message}` : message),
      })
    : localCatalogueBus();
  let jobs: JobRunner | null = null;
  // /readyz answers before the jobs have started: a SIGTERM then must wait for them, not close
  // the database under their setup (which crashed the process: exit 1 instead of 0)
  let jobsStarting: Promise<JobRunner> | null = null;
  const logger = { level: env.LOG_LEVEL, serializers: logSerializers };
  const mail = {
    transport: mailTransportFromEnv(env),
    baseUrl: env.MAIL_BASE_URL,
    from: env.MAIL_FROM,
  };
  // an e-mail queued before the jobs start waits for the first minute's run; in a ROLE=web
  // process this only queues the wake-up, which a worker takes
  // WhatsApp and SMS: the providers whose variables are set; none (outside live mode): the demo
  const messaging = messagingConfigFromEnv(env);
  const onEmailQueued = () => {
    jobs
      ?.send('mail.deliver')
      .catch((err: Error) => app.log.warn({ err: err.message }, 'could not wake the mail job'));
    // the order events that queue e-mail queue their WhatsApp/SMS message in the same commit
    jobs
      ?.send('messages.deliver')
      .catch((err: Error) => app.log.warn({ err: err.message }, 'could not wake the messages job'));
  };
  // ROLE=worker: the jobs and the probes, none of the shop (worker-app.ts)
  const app =
    env.ROLE === 'worker'
      ? buildWorkerApp({
          db: database.db,
          catalogueBus,
          mail,
          messaging,
          logger,
          onEmailQueued,
          metrics,
          metricsToken: env.METRICS_TOKEN,
        })
      : await buildApp({
          catalogueBus,
          metrics,
          metricsToken: env.METRICS_TOKEN,
          db: database.db,
          ...(database.pglite
            ? { dumpDatabase: () => dumpEmbeddedDatabase(database.pglite!) }
            : {}),
          jwtSecret,
          payments,
          couriers: courierConfigFromEnv(env),
          payWindowMs,
          catalogueCacheTtlMs: env.CATALOGUE_CACHE_TTL_MS,
          pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
          shedPageRendersWhenBusy: env.SHED_PAGE_RENDERS_WHEN_BUSY,
          rateLimits: { redisUrl: env.REDIS_URL },
          webDistDir: env.WEB_DIST_DIR,
          adminDistDir: env.ADMIN_DIST_DIR,
          // reset tokens and order contacts in query strings stay out of the logs
          logger,
          publicBaseUrl: env.PUBLIC_BASE_URL,
          trustProxy: env.TRUST_PROXY,
          mediaStorage: mediaStorageFromEnv(env),
          mail,
          messaging,
          onEmailQueued,
        });
  logProcessErrorsTo((message, err) => app.log.error({ err: loggableError(err) }, message));
  if (seeded) app.log.info('seeded the demo catalogue into an empty database');
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    app.log.warn(
      "JWT_SECRET is not set: tokens are signed with a per-process key, so several processes will not accept each other's tokens",
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM is how a load balancer's orchestrator stops us: fail /readyz and keep serving while
    // it notices, so no request lands on a closed port. Ctrl-C (SIGINT) has no one to warn.
    const drainMs = signal === 'SIGTERM' ? env.SHUTDOWN_DRAIN_MS : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    app.startDraining();
    // a stuck connection (a database or Redis that stopped answering) must not keep us alive
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s after the drain: exiting');
      process.exit(1);
    }, drainMs + 10_000).unref();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // stops accepting, answers 503 to new requests on kept-alive connections, waits for in-flight ones
    await app.close();
    // a running job finishes before the database closes under it
    await (jobs ?? (await jobsStarting?.catch(() => null)))?.stop();
    await catalogueBus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // a demo open to the network must say so, whatever the log level, where whoever started it looks
  const bound = app.server.address();
  const notice = demoModeNotice({
    ...env,
    PORT: bound && typeof bound === 'object' ? bound.port : env.PORT,
    sandboxGateway: sandboxEnabled(payments),
  });
  if (notice) console.error(notice);
  // expiry of unpaid orders, payment reconciliation, old idempotency keys (docs/decisions/background-jobs.md)
  // ROLE=web queues jobs but runs none: a worker on the same PostgreSQL does
  jobsStarting = startJobRunner({
    database,
    jobs: storeJobs({ app, payments, payWindowMs, jwtSecret }),
    log: app.log,
    work: env.ROLE !== 'web',
    onJobFailed: (name) => metrics.jobFailed(name),
  });
  jobs = await jobsStarting;
  app.log.info({ role: env.ROLE }, `started as ROLE=${env.ROLE}`);
  metrics.watchJobs(() => jobs?.queueSizes() ?? Promise.resolve({}));
  // Operator commands find the embedded database locked by us and ask this server instead.
  if (!env.DATABASE_URL) {
    const address = app.server.address();
    if (address && typeof address === 'object')
      recordServerAddress(env.DATA_DIR, env.HOST, address.port);
  }
}

await main();
