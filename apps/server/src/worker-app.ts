import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db } from './db/client';
import type { CatalogueBus } from './lib/catalogue-bus';
import { registerErrorHandler } from './lib/errors';
import type { MailConfig } from './modules/mail/mail-sender.service';
import type { MessagingConfig } from './modules/messaging/registry';
import { registerHealth } from './plugins/health';
import { registerMetrics, type StoreMetrics } from './plugins/metrics';

export interface WorkerAppConfig {
  /** An open, migrated PostgreSQL database (ROLE=worker needs one: env.ts). */
  db: Db;
  /** The web processes' caches hear of what the jobs change (an unpaid order's stock returning). */
  catalogueBus: CatalogueBus;
  /** How the mail job sends. */
  mail: MailConfig;
  /** Called when a job queued e-mail (the expiry's cancellation notes): server.ts wakes the mail job. */
  onEmailQueued?: () => void;
  /** How the messages job sends WhatsApp and SMS; default: the demo. */
  messaging?: MessagingConfig;
  logger?: FastifyServerOptions['logger'];
  /** The jobs' queue depth and failures are the worker's to report (plugins/metrics.ts). */
  metrics?: StoreMetrics;
  /** as the web app's: /metrics then needs it as a bearer token; unset: loopback only */
  metricsToken?: string | undefined;
}

/**
 * The HTTP side of a ROLE=worker process: /healthz and /readyz for the orchestrator, /metrics for
 * the monitoring, nothing of the shop's. It carries what the store's jobs use from an app (jobs/store-jobs.ts: db, mail, log,
 * catalogueChanged, emailQueued) without the routes, caches and renderer a web process loads.
 */
export function buildWorkerApp(config: WorkerAppConfig): FastifyInstance {
  const app = Fastify({ logger: config.logger ?? false, return503OnClosing: true });
  registerErrorHandler(app);
  app.decorate('db', config.db);
  app.decorate('mail', config.mail);
  app.decorate('emailQueued', () => config.onEmailQueued?.());
  app.decorate('messaging', config.messaging ?? { providers: {}, demo: true });
  // a worker keeps no catalogue copies of its own: it only tells the web processes
  app.decorate('catalogueChanged', () => config.catalogueBus.publish());
  registerHealth(app, config.db);
  if (config.metrics) registerMetrics(app, config.metrics, { token: config.metricsToken });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({
      error:
        'This process runs the background jobs (ROLE=worker): it serves only /healthz, /readyz and /metrics',
      code: 'worker_only',
    }),
  );
  return app;
}
