import {
  OPERATOR_ORDERS_DEFAULT_LIMIT,
  OPERATOR_ORDERS_MAX_LIMIT,
  operatorOrderListQuerySchema,
  type OperatorOrderListQuery,
} from '@store/contracts/operator';
import { orderStatusKeys } from '@store/contracts/order-rules';
import type { OperatorAction } from '../modules/orders/order-transitions.service';

export const storeUsage = `Usage:
  npm run store -- orders [--status <status>] [--limit <n>]   Orders, newest first
  npm run store -- order <id> show                            One order: address, items, payments
  npm run store -- order <id> ship --tracking <number>        Processing -> Shipped
  npm run store -- order <id> deliver                         Shipped -> Delivered
  npm run store -- order <id> cancel                          Pending or Processing -> Cancelled

  <status>: ${orderStatusKeys.join(', ')} (default: all)
  <n>: 1 to ${OPERATOR_ORDERS_MAX_LIMIT} (default ${OPERATOR_ORDERS_DEFAULT_LIMIT})

  Processing orders are paid and waiting to be shipped: npm run store -- orders --status processing`;

export type StoreCommand =
  | { kind: 'list'; query: OperatorOrderListQuery }
  | { kind: 'show'; orderId: string }
  | { kind: 'transition'; orderId: string; action: OperatorAction; trackingNumber?: string };

type Parsed = { ok: true; command: StoreCommand } | { ok: false; error: string };

const flagNames = ['tracking', 'status', 'limit'] as const;

/**
 * Takes `--name value` or `--name=value` out of args: the value, '' when it is missing (the next
 * word is another option or there is none), undefined when the option is absent.
 */
function takeFlag(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const arg = args[at]!;
  if (arg.includes('=')) {
    args.splice(at, 1);
    return arg.slice(arg.indexOf('=') + 1);
  }
  const next = args[at + 1];
  if (next === undefined || next.startsWith('--')) {
    args.splice(at, 1);
    return '';
  }
  args.splice(at, 2);
  return next;
}

function parseList(rest: string[], flags: Record<string, string | undefined>): Parsed {
  if (flags.tracking !== undefined) return { ok: false, error: '--tracking only goes with ship' };
  if (rest.length > 0) return { ok: false, error: `Unexpected arguments: ${rest.join(' ')}` };
  const query = operatorOrderListQuerySchema.safeParse({
    status: flags.status,
    limit: flags.limit,
  });
  if (!query.success) {
    const issue = query.error.issues[0];
    return { ok: false, error: `--${String(issue?.path[0])}: ${issue?.message}` };
  }
  return { ok: true, command: { kind: 'list', query: query.data } };
}

export function parseStoreArgs(argv: readonly string[]): Parsed {
  const args = [...argv];
  const flags: Record<string, string | undefined> = {};
  for (const name of flagNames) {
    flags[name] = takeFlag(args, name);
    if (flags[name] === '') return { ok: false, error: `--${name} needs a value` };
  }
  const unknown = args.find((a) => a.startsWith('--'));
  if (unknown) return { ok: false, error: `Unknown option: ${unknown}` };

  const [noun, ...rest] = args;
  if (noun === 'orders') return parseList(rest, flags);
  if (flags.status !== undefined || flags.limit !== undefined)
    return { ok: false, error: '--status and --limit go with orders' };
  const [orderId, action, ...extra] = rest;
  if (noun !== 'order' || !orderId || !action)
    return { ok: false, error: 'Expected: orders, or order <id> <show|ship|deliver|cancel>' };
  if (extra.length > 0) return { ok: false, error: `Unexpected arguments: ${extra.join(' ')}` };
  const trackingNumber = flags.tracking;
  if (action === 'show') {
    if (trackingNumber) return { ok: false, error: '--tracking only goes with ship' };
    return { ok: true, command: { kind: 'show', orderId } };
  }
  if (action !== 'ship' && action !== 'deliver' && action !== 'cancel')
    return { ok: false, error: `Unknown action: ${action}` };
  if (action === 'ship' && !trackingNumber)
    return { ok: false, error: 'ship needs --tracking <number>' };
  if (action !== 'ship' && trackingNumber)
    return { ok: false, error: '--tracking only goes with ship' };
  return {
    ok: true,
    command: { kind: 'transition', orderId, action, ...(trackingNumber ? { trackingNumber } : {}) },
  };
}
