// Operator commands: `npm run store -- order <id> ship --tracking <number>` | deliver | cancel | show
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { env } from '../env';
import { resolveJwtSecret } from '../lib/jwt-secret';
import { statusName } from '../modules/payments/order-status';
import {
  OrderTransitionError,
  transitionOrder,
  type OperatorAction,
  type TransitionedOrder,
} from '../modules/payments/order-transitions.service';
import { signOperatorToken } from '../modules/payments/operator.routes';
import { parseStoreArgs, storeUsage } from './store-args';

async function viaDatabase(
  orderId: string,
  action: OperatorAction,
  trackingNumber?: string,
): Promise<TransitionedOrder> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
  );
  try {
    return await transitionOrder(database.db, orderId, action, { trackingNumber });
  } finally {
    await database.close();
  }
}

/** The embedded database is held by a running server: ask that server, with an operator token. */
async function viaRunningServer(
  orderId: string,
  action: OperatorAction,
  trackingNumber?: string,
): Promise<TransitionedOrder> {
  const secret = resolveJwtSecret({ secret: env.JWT_SECRET, dataDir: env.DATA_DIR });
  const token = await signOperatorToken(secret);
  const url = `http://127.0.0.1:${env.PORT}/api/v1/operator/orders/${encodeURIComponent(orderId)}/${action}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(trackingNumber ? { trackingNumber } : {}),
  });
  const body = (await res.json()) as TransitionedOrder & { error?: string };
  if (!res.ok) throw new OrderTransitionError(body.error ?? `Server answered ${res.status}`);
  return body;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseStoreArgs(argv);
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${storeUsage}`);
    return 2;
  }
  const { orderId, action, trackingNumber } = parsed.command;
  try {
    let result: TransitionedOrder;
    try {
      result = await viaDatabase(orderId, action, trackingNumber);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      result = await viaRunningServer(orderId, action, trackingNumber);
    }
    const tracking = result.trackingNumber ? ` (tracking ${result.trackingNumber})` : '';
    console.log(
      `Order ${result.id}: ${statusName(result.from)} -> ${statusName(result.to)}${tracking}`,
    );
    return 0;
  } catch (err) {
    if (err instanceof OrderTransitionError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
