// Operator commands: `npm run store -- orders` | `order <id> show | ship --tracking <n> | deliver | cancel`
// | `refunds` | `refund <paymentId> --amount <rupees> --reference <text>`
// | `staff add --email <e> --password <p> --role owner|staff` | `staff list` | `staff disable --email <e>`
// | `gst gstr1 --month <YYYY-MM> --out <file>`
// | `backup <file> [--force]` | `restore <file> [--force]` (cli/backup-commands.ts)
//
// Start-up time is most of a command's time, so this file imports only what every command needs
// (argument parsing, env, the lock file); the database, the services and the token signer are
// loaded when the command gets to them. A running server is found from the data folder's address
// file before PGlite is loaded at all.
import type { TransitionedOrder } from '../modules/orders/order-transitions.service';
import { DataDirLockedError, readServerAddress, type ServerAddress } from '../db/lock';
import { env } from '../env';
import { CommandError } from './command-error';
import type { Operation } from './operation';
import { parseStoreArgs, storeUsage, type StoreCommand } from './store-args';

/** A 400's field messages, one a line, after the message itself. */
function withFields(message: string, fields: unknown): string {
  if (!fields || typeof fields !== 'object') return message;
  const lines = Object.entries(fields as Record<string, unknown>)
    .filter(([, text]) => String(text) !== message)
    .map(([name, text]) => `  ${name}: ${String(text)}`);
  return lines.length > 0 ? [message, ...lines].join('\n') : message;
}

/** The embedded database is held by a running server: ask that server, with an operator token. */
async function viaRunningServer<T>(server: ServerAddress, op: Operation<T>): Promise<T> {
  const [{ resolveJwtSecret }, { signOperatorToken }] = await Promise.all([
    import('../lib/jwt-secret'),
    import('../lib/operator-token'),
  ]);
  const secret = resolveJwtSecret({ secret: env.JWT_SECRET, dataDir: env.DATA_DIR });
  const token = await signOperatorToken(secret);
  let res: Response;
  try {
    res = await fetch(`${server.url}/api/v1/operator${op.remote.path}`, {
      method: op.remote.body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(op.remote.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(op.remote.body ? { body: JSON.stringify(op.remote.body) } : {}),
      // a server that holds the folder but has stopped answering must not hang the command
      signal: AbortSignal.timeout(op.remote.timeoutMs ?? 10_000),
    });
  } catch {
    throw new CommandError(
      `The store server (PID ${server.pid}) holds the database but did not answer at ${server.url}.`,
    );
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => ({}));
    const { error, fields } = body as { error?: unknown; fields?: unknown };
    throw new CommandError(
      typeof error === 'string'
        ? withFields(error, fields)
        : `The store server answered ${res.status}.`,
    );
  }
  if ('receive' in op) return op.receive(res);
  return op.parse(await res.json().catch(() => ({})));
}

/** A service's refusal (HttpError, OrderTransitionError) is the operator's message, not a fault. */
async function asCommandError(err: unknown): Promise<unknown> {
  const [{ HttpError }, { OrderTransitionError }] = await Promise.all([
    import('../lib/errors'),
    import('../modules/orders/order-transitions.service'),
  ]);
  if (err instanceof HttpError) return new CommandError(withFields(err.message, err.fields));
  if (err instanceof OrderTransitionError) return new CommandError(err.message);
  return err;
}

async function run<T>(op: Operation<T>): Promise<T> {
  // A server holding the embedded database wrote its address into the data folder: ask it at once
  // (opening PGlite would only wait for its lock and fail).
  if (!env.DATABASE_URL) {
    const server = readServerAddress(env.DATA_DIR);
    if (server) return viaRunningServer(server, op);
  }
  const { openDatabase } = await import('../db/client');
  let database;
  try {
    database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
    );
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // a server that was starting up has taken the folder meanwhile, or one that records no address
    const server = readServerAddress(env.DATA_DIR);
    if (!server)
      throw new CommandError(
        `The data folder ${env.DATA_DIR} is locked by another process, but no running store server was found there. ` +
          'Stop that process and run the command again.',
      );
    return viaRunningServer(server, op);
  }
  let changed = false;
  try {
    return await op.direct(
      database.db,
      () => {
        changed = true;
      },
      database,
    );
  } catch (err) {
    throw await asCommandError(err);
  } finally {
    // Servers on the same PostgreSQL cache the catalogue: tell them, as a server's own change
    // does. (On the embedded database no server is running, or the server made the change.)
    if (changed && env.DATABASE_URL) await announceCatalogueChange(env.DATABASE_URL);
    await database.close();
  }
}

/** Through the servers' own catalogue bus, so they drop their caches within a second. */
async function announceCatalogueChange(connectionString: string): Promise<void> {
  const { postgresCatalogueBus } = await import('../lib/catalogue-bus');
  const warn = (err?: Error) =>
    console.error(
      `The running store servers could not be told of the change (${err?.message ?? 'no connection'}); ` +
        'they show it once their cached pages expire.',
    );
  try {
    const bus = await postgresCatalogueBus({
      connectionString,
      applicationName: 'store-cli',
      log: (_message, err) => warn(err),
    });
    bus.publish();
    await bus.close();
  } catch (err) {
    warn(err as Error);
  }
}

const orders = () => import('../modules/orders/operator-orders.service');
const transitions = () => import('../modules/orders/order-transitions.service');
const refunds = () => import('../modules/payments/refunds.service');
const staff = () => import('../modules/staff/operator-staff.service');
const operatorContracts = () => import('@store/contracts/operator');
const paymentContracts = () => import('@store/contracts/payments');
const staffContracts = () => import('@store/contracts/admin/common');

/** Runs the command and returns what to print. */
async function execute(command: StoreCommand): Promise<string> {
  switch (command.kind) {
    case 'list': {
      const { status, limit } = command.query;
      const list = await run({
        direct: async (db) => (await orders()).listOperatorOrders(db, command.query),
        remote: {
          path: `/orders?${new URLSearchParams({ ...(status ? { status } : {}), limit: String(limit) })}`,
        },
        parse: async (json) => (await operatorContracts()).operatorOrderListSchema.parse(json),
      });
      return (await import('./order-format')).formatOrderList(list, limit);
    }
    case 'show': {
      const order = await run({
        direct: async (db) => (await orders()).getOperatorOrder(db, command.orderId),
        remote: { path: `/orders/${encodeURIComponent(command.orderId)}` },
        parse: async (json) => (await operatorContracts()).operatorOrderDetailSchema.parse(json),
      });
      return (await import('./order-format')).formatOrderDetail(order);
    }
    case 'transition': {
      const { orderId, action, trackingNumber, carrier } = command;
      const result = await run({
        direct: async (db, catalogueChanged) => {
          const { commandLineActor } = await import('../modules/activity/activity.service');
          // logged as the command line, under the order's own store
          return (await transitions()).transitionOrder(db, orderId, action, {
            trackingNumber,
            carrier,
            actor: commandLineActor,
            // returned stock may bring a product back: the storefront should show it
            onAvailabilityChange: catalogueChanged,
          });
        },
        remote: {
          path: `/orders/${encodeURIComponent(orderId)}/${action}`,
          body: { ...(trackingNumber ? { trackingNumber } : {}), ...(carrier ? { carrier } : {}) },
        },
        parse: (json) => json as TransitionedOrder,
      });
      return (await import('./order-format')).formatTransition(result);
    }
    case 'refunds': {
      const due = await run({
        direct: async (db) => (await refunds()).listRefundsDue(db),
        remote: { path: '/payments/refunds' },
        parse: async (json) => (await paymentContracts()).refundsDueSchema.parse(json),
      });
      return (await import('./refund-format')).formatRefundsDue(due);
    }
    case 'refund': {
      const { paymentId, amountPaise, reference } = command;
      const refund = await run({
        // PayU's key and salt come from this environment, as the server's do
        direct: async (db) => {
          const { paymentConfigFromEnv } = await import('../modules/payments/payment-config');
          return (await refunds()).recordRefund(db, paymentConfigFromEnv(env, 'unused'), {
            paymentId,
            amountPaise,
            reference,
          });
        },
        remote: {
          path: `/payments/${encodeURIComponent(paymentId)}/refunds`,
          body: { amount: amountPaise / 100, reference },
        },
        parse: async (json) => (await paymentContracts()).recordedRefundSchema.parse(json),
      });
      return (await import('./refund-format')).formatRecordedRefund(refund);
    }
    case 'staff-add': {
      const { email, role } = command;
      const { staffPasswordSchema, staffMemberSchema } = await staffContracts();
      const password =
        command.password ??
        (await (
          await import('./password-prompt')
        ).askNewPassword((p) => {
          const checked = staffPasswordSchema.safeParse(p);
          return checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid password');
        }));
      const member = await run({
        direct: async (db) => (await staff()).operatorAddStaff(db, { email, password, role }),
        remote: { path: '/staff', body: { email, password, role } },
        parse: (json) => staffMemberSchema.parse(json),
      });
      return (await import('./staff-format')).formatStaffAdded(member);
    }
    case 'staff-list': {
      const { staffMemberSchema } = await staffContracts();
      const members = await run({
        direct: async (db) => (await staff()).operatorListStaff(db),
        remote: { path: '/staff' },
        parse: (json) => staffMemberSchema.array().parse((json as { data?: unknown }).data),
      });
      return (await import('./staff-format')).formatStaffList(members);
    }
    case 'gstr1': {
      const { month } = command;
      const gstr1 = await run({
        direct: async (db) =>
          (await import('../modules/reports/operator-gstr1.service')).operatorGstr1(db, month),
        remote: { path: `/reports/gstr1?${new URLSearchParams({ month })}`, timeoutMs: 60_000 },
        parse: async (json) =>
          (await import('@store/contracts/admin/gstr1')).gstr1Schema.parse(json),
      });
      return (await import('./gstr1-command')).writeGstr1(gstr1, command);
    }
    case 'backup':
      return (await import('./backup-commands')).backup(command, run);
    case 'restore':
      return (await import('./backup-commands')).restore(command);
    case 'staff-disable': {
      const { staffMemberSchema } = await staffContracts();
      const { z } = await import('zod');
      const result = await run({
        direct: async (db) => (await staff()).operatorDisableStaff(db, command.email),
        remote: { path: '/staff/disable', body: { email: command.email } },
        parse: (json) =>
          z.object({ member: staffMemberSchema, wasDisabled: z.boolean() }).parse(json),
      });
      return (await import('./staff-format')).formatStaffDisabled(result);
    }
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseStoreArgs(argv);
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${storeUsage}`);
    return 2;
  }
  try {
    console.log(await execute(parsed.command));
    return 0;
  } catch (err) {
    if (err instanceof CommandError) {
      console.error(err.message);
      return 1;
    }
    // An operator needs the reason, not a stack trace; LOG_LEVEL=debug keeps the detail for us.
    console.error(`The command failed: ${err instanceof Error ? err.message : String(err)}`);
    if (env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') console.error(err);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
