// Operator commands: `npm run store -- orders` | `order <id> show | ship --tracking <n> | deliver | cancel`
// | `refunds` | `refund <paymentId> --amount <rupees> --reference <text>`
import { openDatabase, type Db } from '../db/client';
import { DataDirLockedError, readServerAddress } from '../db/lock';
import { env } from '../env';
import { resolveJwtSecret } from '../lib/jwt-secret';
import { HttpError } from '../lib/errors';
import { operatorOrderDetailSchema, operatorOrderListSchema } from '@store/contracts/operator';
import { getOperatorOrder, listOperatorOrders } from '../modules/orders/operator-orders.service';
import {
  OrderTransitionError,
  transitionOrder,
  type TransitionedOrder,
} from '../modules/orders/order-transitions.service';
import { signOperatorToken } from '../modules/orders/operator.routes';
import { recordedRefundSchema, refundsDueSchema } from '@store/contracts/payments';
import { paymentConfigFromEnv } from '../modules/payments/payment-config';
import { listRefundsDue, recordRefund } from '../modules/payments/refunds.service';
import { formatOrderDetail, formatOrderList, formatTransition } from './order-format';
import { formatRecordedRefund, formatRefundsDue } from './refund-format';
import { parseStoreArgs, storeUsage, type StoreCommand } from './store-args';

/** A message for the operator, printed without a stack trace. */
class CommandError extends Error {}

/** One command, done on the database itself or asked of the server that holds it. */
interface Operation<T> {
  direct(db: Db): Promise<T>;
  /** path below /api/v1/operator; POST when there is a body */
  remote: { path: string; body?: object };
  /** checks the server's answer: the same data `direct` returns */
  parse(json: unknown): T;
}

/** The embedded database is held by a running server: ask that server, with an operator token. */
async function viaRunningServer<T>(op: Operation<T>): Promise<T> {
  const server = readServerAddress(env.DATA_DIR);
  if (!server) {
    throw new CommandError(
      `The data folder ${env.DATA_DIR} is locked by another process, but no running store server was found there. ` +
        'Stop that process and run the command again.',
    );
  }
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
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new CommandError(
      `The store server (PID ${server.pid}) holds the database but did not answer at ${server.url}.`,
    );
  }
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = (body as { error?: unknown }).error;
    throw new CommandError(
      typeof error === 'string' ? error : `The store server answered ${res.status}.`,
    );
  }
  return op.parse(body);
}

async function run<T>(op: Operation<T>): Promise<T> {
  let database;
  try {
    database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
    );
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return viaRunningServer(op);
  }
  try {
    return await op.direct(database.db);
  } finally {
    await database.close();
  }
}

/** Runs the command and returns what to print. */
async function execute(command: StoreCommand): Promise<string> {
  switch (command.kind) {
    case 'list': {
      const { status, limit } = command.query;
      const list = await run({
        direct: (db) => listOperatorOrders(db, command.query),
        remote: {
          path: `/orders?${new URLSearchParams({ ...(status ? { status } : {}), limit: String(limit) })}`,
        },
        parse: (json) => operatorOrderListSchema.parse(json),
      });
      return formatOrderList(list, limit);
    }
    case 'show': {
      const order = await run({
        direct: (db) => getOperatorOrder(db, command.orderId),
        remote: { path: `/orders/${encodeURIComponent(command.orderId)}` },
        parse: (json) => operatorOrderDetailSchema.parse(json),
      });
      return formatOrderDetail(order);
    }
    case 'transition': {
      const { orderId, action, trackingNumber } = command;
      const result = await run({
        direct: (db) => transitionOrder(db, orderId, action, { trackingNumber }),
        remote: {
          path: `/orders/${encodeURIComponent(orderId)}/${action}`,
          body: trackingNumber ? { trackingNumber } : {},
        },
        parse: (json) => json as TransitionedOrder,
      });
      return formatTransition(result);
    }
    case 'refunds': {
      const due = await run({
        direct: (db) => listRefundsDue(db),
        remote: { path: '/payments/refunds' },
        parse: (json) => refundsDueSchema.parse(json),
      });
      return formatRefundsDue(due);
    }
    case 'refund': {
      const { paymentId, amountPaise, reference } = command;
      const refund = await run({
        // PayU's key and salt come from this environment, as the server's do
        direct: (db) =>
          recordRefund(db, paymentConfigFromEnv(env, 'unused'), {
            paymentId,
            amountPaise,
            reference,
          }),
        remote: {
          path: `/payments/${encodeURIComponent(paymentId)}/refunds`,
          body: { amount: amountPaise / 100, reference },
        },
        parse: (json) => recordedRefundSchema.parse(json),
      });
      return formatRecordedRefund(refund);
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
    // services speak to the operator through these; anything else is a fault
    if (
      err instanceof CommandError ||
      err instanceof OrderTransitionError ||
      err instanceof HttpError
    ) {
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
