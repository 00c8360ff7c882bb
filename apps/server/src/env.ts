import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { z } from 'zod';
import { providerEnvShape } from './modules/payments/providers/definitions';

/** An IP address or CIDR block, as proxy-addr takes them (also its names loopback, linklocal, uniquelocal). */
function isProxyAddress(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', bits, ...rest] = text.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return (
    bits === undefined ||
    (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128))
  );
}

/** Repository root: npm runs workspace scripts with cwd = apps/server, so paths are resolved from here. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The server package folder (migrations, shipped images). */
export const serverRoot = resolve(repoRoot, 'apps/server');

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A JSON object of names or ids, e.g. {"order_placed":"64f0…"} (modules/messaging/registry.ts reads the kinds). */
const jsonOfStrings = (name: string) =>
  z
    .string()
    .optional()
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          const value: unknown = JSON.parse(v);
          return (
            typeof value === 'object' &&
            value !== null &&
            !Array.isArray(value) &&
            Object.values(value).every((x) => typeof x === 'string')
          );
        } catch {
          return false;
        }
      },
      { message: `${name} must be a JSON object from message kind to a string` },
    );

/** The variables' schema (exported for the test that every provider's variables are in it). */
export const envSchema = z.object({
  /** 'production' is live mode: real money, no sandbox, and a start that refuses unsafe settings (modules/payments/live-mode.ts). */
  NODE_ENV: z.preprocess(blank, z.string().optional()),
  PORT: z.preprocess(blank, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blank, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blank, z.string().default(resolve(repoRoot, 'data'))),
  DATABASE_URL: z.preprocess(blank, z.string().url().optional()),
  JWT_SECRET: z.preprocess(
    blank,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  WEB_DIST_DIR: z.preprocess(blank, z.string().default(resolve(repoRoot, 'apps/web/dist'))),
  ADMIN_DIST_DIR: z.preprocess(blank, z.string().default(resolve(repoRoot, 'apps/admin/dist'))),
  LOG_LEVEL: z.preprocess(
    blank,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * Behind a reverse proxy: how many proxies stand in front ('1'), or their addresses
   * ('127.0.0.1,10.0.0.0/8'), so the shopper's address is read from X-Forwarded-For. 'true' is
   * refused: it would take the leftmost entry, which the client writes itself. Unset: the
   * socket's address is the shopper's.
   */
  TRUST_PROXY: z.preprocess(
    blank,
    z
      .string()
      .optional()
      .refine((v) => v !== 'true', {
        message:
          'TRUST_PROXY=true would trust any X-Forwarded-For a client writes: give the number of proxies in front (e.g. 1) or their addresses',
      })
      .refine(
        (v) =>
          v === undefined ||
          v === 'false' ||
          /^\d+$/.test(v) ||
          v.split(',').every((a) => isProxyAddress(a.trim())),
        { message: 'TRUST_PROXY: a number of proxies, or addresses such as 127.0.0.1,10.0.0.0/8' },
      )
      .transform((v): false | string | ((address: string, hop: number) => boolean) => {
        if (v === undefined || v === 'false') return false;
        if (/^\d+$/.test(v)) {
          const hops = Number(v);
          return (_address, hop) => hop < hops;
        }
        return v;
      }),
  ),
  /** redis://…: login and registration limits shared by every API process (else per process) */
  REDIS_URL: z.preprocess(blank, z.string().url().optional()),
  TEST_REDIS_URL: z.preprocess(blank, z.string().url().optional()),
  /** Absolute origin used when the server must build absolute links (e.g. payment return URLs). */
  PUBLIC_BASE_URL: z.preprocess(blank, z.string().url().optional()),
  TEST_DATABASE_URL: z.preprocess(blank, z.string().url().optional()),
  /**
   * E-mail (docs/decisions/transactional-email.md): smtp://user:pass@host:587 or smtps://…:465.
   * Unset: each message is written to <DATA_DIR>/outbox/<id>.eml and listed at /demo/outbox (staff only).
   */
  SMTP_URL: z.preprocess(
    blank,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587')
      .optional(),
  ),
  /** The e-mails' From, e.g. "Kagaz & Kalam <orders@kagazkalam.in>"; unset: the store's name and e-mail. */
  MAIL_FROM: z.preprocess(blank, z.string().optional()),
  /**
   * WhatsApp and SMS (docs/decisions/messaging.md), each optional; none set: the demo outbox.
   * WhatsApp Cloud API: the phone number's id and a permanent token; templates approved in Meta's
   * WhatsApp Manager under the names in WHATSAPP_TEMPLATES (JSON, kind → name) or the defaults.
   */
  WHATSAPP_API_URL: z.preprocess(blank, z.string().url().optional()),
  WHATSAPP_API_VERSION: z.preprocess(
    blank,
    z
      .string()
      .regex(/^v?\d+\.\d+$/, 'WHATSAPP_API_VERSION must look like 21.0')
      .optional(),
  ),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(blank, z.string().optional()),
  WHATSAPP_ACCESS_TOKEN: z.preprocess(blank, z.string().optional()),
  WHATSAPP_TEMPLATE_LANGUAGE: z.preprocess(blank, z.string().optional()),
  WHATSAPP_TEMPLATES: z.preprocess(blank, jsonOfStrings('WHATSAPP_TEMPLATES')),
  /** MSG91 (SMS with DLT): auth key, DLT sender id, and each kind's MSG91 template id (JSON). */
  MSG91_API_URL: z.preprocess(blank, z.string().url().optional()),
  MSG91_AUTH_KEY: z.preprocess(blank, z.string().optional()),
  MSG91_SENDER_ID: z.preprocess(blank, z.string().optional()),
  MSG91_TEMPLATE_IDS: z.preprocess(blank, jsonOfStrings('MSG91_TEMPLATE_IDS')),
  /** Payments (docs/decisions/payments-design.md): methods offered, in order: upi_qr,upi_app,gateway,payu */
  PAYMENT_METHODS: z.preprocess(blank, z.string().default('upi_qr,upi_app,gateway')),
  /**
   * Each payment provider's own variables (UPI_VPA, PAYU_KEY, RAZORPAY_KEY_ID, PHONEPE_CLIENT_ID,
   * …), declared in its definition (modules/payments/providers/<name>-definition.ts).
   */
  ...providerEnvShape,
  /**
   * Shiprocket (docs/decisions/shiprocket.md): the API user's login (Settings > API in its panel),
   * the webhook's security token and its API's URL; the pickup address's nickname in the panel.
   */
  SHIPROCKET_EMAIL: z.preprocess(blank, z.string().optional()),
  SHIPROCKET_PASSWORD: z.preprocess(blank, z.string().optional()),
  SHIPROCKET_WEBHOOK_TOKEN: z.preprocess(blank, z.string().optional()),
  SHIPROCKET_API_URL: z.preprocess(blank, z.string().url().default('https://apiv2.shiprocket.in')),
  SHIPROCKET_PICKUP_LOCATION: z.preprocess(blank, z.string().default('Primary')),
  /** How long a Pending order waits for its payment before it is cancelled and its stock returns. */
  ORDER_PAY_WINDOW_MINUTES: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(30),
  ),
  /**
   * How long a catalogue answer (GET /products, /storeInfo) is kept, in ms. For benches: 0 keeps
   * none, so every request reaches the database (bench/catalogue.mjs measures misses).
   */
  CATALOGUE_CACHE_TTL_MS: z.preprocess(
    blank,
    z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ),
  /**
   * How long a rendered public page is kept, in ms (plugins/web-page-cache.ts); forgotten sooner
   * when the catalogue, stock or settings change. For benches: 0 renders every page request.
   */
  PAGE_CACHE_TTL_MS: z.preprocess(
    blank,
    z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ),
  /**
   * What this process does: 'web' serves the shop and only queues background jobs, 'worker' runs
   * the jobs and serves just /healthz and /readyz, 'all' both. Apart only on PostgreSQL.
   */
  ROLE: z.preprocess(
    blank,
    z.enum(['web', 'worker', 'all'], { message: 'ROLE must be web, worker or all' }).default('all'),
  ),
  /**
   * On SIGTERM: how long, in ms, the process keeps serving after /readyz turns 503, so the load
   * balancer sees it and sends new requests elsewhere before the process stops accepting them.
   */
  SHUTDOWN_DRAIN_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(600_000).default(5000)),
  /**
   * In production (NODE_ENV=production) the demo catalogue is written into an empty database only
   * when this is true; elsewhere an empty database is always seeded (db/seed-on-start.ts).
   */
  SEED_DEMO: z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { message: 'SEED_DEMO must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  ),
  /**
   * GET /metrics (Prometheus) asks for `Authorization: Bearer <METRICS_TOKEN>` when set; unset,
   * it answers only to connections from this machine (docs/decisions/observability.md).
   */
  METRICS_TOKEN: z.preprocess(
    blank,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  /** Uploaded images (docs/decisions/product-images.md): an S3-compatible bucket; unset: <DATA_DIR>/media. */
  S3_BUCKET: z.preprocess(blank, z.string().optional()),
  S3_REGION: z.preprocess(blank, z.string().default('us-east-1')),
  /** MinIO, Cloudflare R2, …: the server's URL; unset: AWS S3 */
  S3_ENDPOINT: z.preprocess(blank, z.string().url().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(blank, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blank, z.string().optional()),
  /** bucket in the path rather than the host name (MinIO and most self-hosted servers) */
  S3_FORCE_PATH_STYLE: z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  ),
  /**
   * Pages go out client-rendered while the event loop is over 90% busy (plugins/web-render.ts);
   * false renders every public page whatever the load (the journeys, which check the HTML itself).
   */
  SHED_PAGE_RENDERS_WHEN_BUSY: z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { message: 'SHED_PAGE_RENDERS_WHEN_BUSY must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
  ),
});
export type Env = z.infer<typeof envSchema> & {
  /** PUBLIC_BASE_URL, else http://localhost:<PORT>: the origin of every link in an e-mail */
  MAIL_BASE_URL: string;
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // a bucket without its keys would only fail at the first upload: refuse to start instead
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid environment:\n  S3_BUCKET is set: also set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or unset S3_BUCKET to keep images in DATA_DIR/media)',
    );
  }
  // the embedded database opens in one process per data folder: a web process and a worker could
  // never both have it, so the jobs would silently never run (or the shop never start)
  if (env.ROLE !== 'all' && !env.DATABASE_URL) {
    throw new Error(
      `Invalid environment:\n  ROLE=${env.ROLE} needs PostgreSQL (DATABASE_URL): the embedded database opens in one process only, which must then be ROLE=all (or unset ROLE)`,
    );
  }
  return {
    ...env,
    // links in e-mails must be absolute even in a demo without PUBLIC_BASE_URL (which stays unset
    // there: payment return URLs then follow the host the shopper used)
    MAIL_BASE_URL: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    DATA_DIR: resolve(repoRoot, env.DATA_DIR),
    WEB_DIST_DIR: resolve(repoRoot, env.WEB_DIST_DIR),
    ADMIN_DIST_DIR: resolve(repoRoot, env.ADMIN_DIST_DIR),
  };
}

export const env: Env = readEnv();
