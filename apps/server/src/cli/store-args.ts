import { parseArgs } from 'node:util';
import {
  OPERATOR_ORDERS_DEFAULT_LIMIT,
  OPERATOR_ORDERS_MAX_LIMIT,
  operatorOrderListQuerySchema,
  type OperatorOrderListQuery,
} from '@store/contracts/operator';
import { staffPasswordSchema, staffRoles, type StaffRole } from '@store/contracts/admin/common';
import { carrierNames, trackingNumberProblem } from '@store/contracts/carriers';
import { orderStatusKeys } from '@store/contracts/order-rules';
import { emailSchema } from '@store/contracts/users';
import { gstr1MonthProblem, shopMonth } from '@store/contracts/admin/gstr1';
import type { OperatorAction } from '../modules/orders/order-transitions.service';

export const storeUsage = `Usage:
  npm run store -- orders [--status <status>] [--limit <n>]   Orders, newest first
  npm run store -- order <id> show                            One order: address, items, payments
  npm run store -- order <id> ship --tracking <number> [--carrier <name>]
                                                              Processing -> Shipped
  npm run store -- order <id> deliver                         Shipped -> Delivered
  npm run store -- order <id> cancel                          Pending or Processing -> Cancelled
  npm run store -- refunds                                    Payments owed back (paid twice, cancelled, ...)
  npm run store -- refund <paymentId> --amount <rupees> --reference <text>
                                                              Record a refund (PayU: asked of PayU)
  npm run store -- staff add --email <email> --password <password> --role owner|staff
                                                              Add a back-office user (without
                                                              --password it asks on the terminal)
  npm run store -- staff list                                 The back-office users
  npm run store -- staff disable --email <email>              Disable one and end their sessions
  npm run store -- gst gstr1 --month <YYYY-MM> --out <file>
                                                              GSTR-1 of a month for the GST portal:
                                                              JSON, or CSV when <file> ends in .csv
  npm run store -- backup <file> [--force]                    Back up the embedded database (also
                                                              while the server runs); --force
                                                              overwrites <file>
  npm run store -- restore <file> [--force]                   Restore a backup into DATA_DIR, which
                                                              no server may be using; --force
                                                              replaces a database already there
                                                              (it is kept beside it)

  <status>: ${orderStatusKeys.join(', ')} (default: all)
  <n>: 1 to ${OPERATOR_ORDERS_MAX_LIMIT} (default ${OPERATOR_ORDERS_DEFAULT_LIMIT})
  <name>: ${carrierNames.map((n) => `"${n}"`).join(', ')}
          (the tracking number is then checked against that carrier's format)
  <password>: at least 12 characters; the owner signs in at /admin

  Processing orders are paid and waiting to be shipped: npm run store -- orders --status processing`;

export type StoreCommand =
  | { kind: 'list'; query: OperatorOrderListQuery }
  | { kind: 'show'; orderId: string }
  | {
      kind: 'transition';
      orderId: string;
      action: OperatorAction;
      trackingNumber?: string;
      carrier?: string;
    }
  | { kind: 'refunds' }
  | { kind: 'refund'; paymentId: string; amountPaise: number; reference: string }
  /** no password: ask on the terminal */
  | { kind: 'staff-add'; email: string; password?: string; role: StaffRole }
  | { kind: 'staff-list' }
  | { kind: 'staff-disable'; email: string }
  | { kind: 'backup' | 'restore'; file: string; force: boolean }
  | { kind: 'gstr1'; month: string; out: string; format: 'json' | 'csv' };

type Parsed = { ok: true; command: StoreCommand } | { ok: false; error: string };

const options = {
  tracking: { type: 'string' },
  status: { type: 'string' },
  limit: { type: 'string' },
  amount: { type: 'string' },
  reference: { type: 'string' },
  carrier: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  month: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
} as const;
type Flags = Partial<Record<Exclude<keyof typeof options, 'force'>, string>> & { force?: boolean };

/**
 * What is wrong with options parseArgs refused, in the CLI's words. A loose parse shows the
 * offending option: an unknown name, or a value that is missing or looks like an option.
 */
function optionError(argv: readonly string[]): string {
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(options, token.name)) return `Unknown option: ${token.rawName}`;
    if (token.name === 'force') {
      if (token.value !== undefined) return `${token.rawName} takes no value`;
      continue;
    }
    const value = token.value;
    if (value === undefined || value.startsWith('--')) return `${token.rawName} needs a value`;
    if (!token.inlineValue && value.startsWith('-'))
      return `${token.rawName} ${value}: a value that starts with a dash is written ${token.rawName}=${value}`;
  }
  return 'Unreadable options';
}

/** The options and the words around them, or why they cannot be read. */
function readArgs(
  argv: readonly string[],
): { ok: true; flags: Flags; words: string[] } | { ok: false; error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch {
    return { ok: false, error: optionError(argv) };
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (token.value === '') return { ok: false, error: `${token.rawName} needs a value` };
    // the second --tracking would silently win: a typo, not a choice
    if (seen.has(token.name))
      return { ok: false, error: `${token.rawName} is given more than once` };
    seen.add(token.name);
  }
  return { ok: true, flags: parsed.values, words: parsed.positionals };
}

function parseList(rest: string[], flags: Flags): Parsed {
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

/** Rupees as the operator types them (1234.5, 1234.50) in paise; null when not such a number. */
export function rupeesToPaiseArg(text: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return paise > 0 ? paise : null;
}

function parseRefund(noun: 'refunds' | 'refund', rest: string[], flags: Flags): Parsed {
  if (flags.tracking !== undefined || flags.status !== undefined || flags.limit !== undefined)
    return { ok: false, error: `${noun} takes no --tracking, --status or --limit` };
  if (noun === 'refunds') {
    if (rest.length > 0 || flags.amount !== undefined || flags.reference !== undefined)
      return { ok: false, error: 'refunds takes no arguments' };
    return { ok: true, command: { kind: 'refunds' } };
  }
  const [paymentId, ...extra] = rest;
  if (!paymentId)
    return {
      ok: false,
      error: 'Expected: refund <paymentId> --amount <rupees> --reference <text>',
    };
  if (extra.length > 0) return { ok: false, error: `Unexpected arguments: ${extra.join(' ')}` };
  if (flags.amount === undefined) return { ok: false, error: 'refund needs --amount <rupees>' };
  const amountPaise = rupeesToPaiseArg(flags.amount);
  if (amountPaise === null)
    return { ok: false, error: `--amount ${flags.amount}: rupees, e.g. 1083 or 1083.50` };
  const reference = flags.reference?.trim();
  if (!reference)
    return { ok: false, error: 'refund needs --reference <text> (the bank or UPI reference)' };
  if (reference.length > 100) return { ok: false, error: '--reference is at most 100 characters' };
  return { ok: true, command: { kind: 'refund', paymentId, amountPaise, reference } };
}

const staffFlags = ['email', 'password', 'role'] as const;
const staffUsage =
  'Expected: staff add --email <email> --role owner|staff, staff list, or staff disable --email <email>';

function parseStaff(rest: string[], flags: Flags): Parsed {
  const others = (Object.keys(flags) as (keyof Flags)[]).filter(
    (f) => !(staffFlags as readonly string[]).includes(f),
  );
  if (others.length > 0) return { ok: false, error: `staff takes no --${others[0]}` };
  const [verb, ...extra] = rest;
  if (extra.length > 0) return { ok: false, error: `Unexpected arguments: ${extra.join(' ')}` };
  const only = (verb: string, allowed: readonly string[]): Parsed | null => {
    const wrong = staffFlags.find((f) => flags[f] !== undefined && !allowed.includes(f));
    return wrong ? { ok: false, error: `staff ${verb} takes no --${wrong}` } : null;
  };
  const email = (): { ok: true; email: string } | { ok: false; error: string } => {
    if (flags.email === undefined)
      return { ok: false, error: `staff ${verb} needs --email <email>` };
    const parsed = emailSchema.safeParse(flags.email);
    return parsed.success
      ? { ok: true, email: parsed.data }
      : { ok: false, error: `--email ${flags.email}: ${parsed.error.issues[0]?.message}` };
  };
  if (verb === 'list') return only('list', []) ?? { ok: true, command: { kind: 'staff-list' } };
  if (verb === 'disable') {
    const refused = only('disable', ['email']);
    if (refused) return refused;
    const e = email();
    return e.ok ? { ok: true, command: { kind: 'staff-disable', email: e.email } } : e;
  }
  if (verb !== 'add') return { ok: false, error: staffUsage };
  const e = email();
  if (!e.ok) return e;
  const role = flags.role;
  if (role === undefined) return { ok: false, error: 'staff add needs --role owner|staff' };
  if (!(staffRoles as readonly string[]).includes(role))
    return { ok: false, error: `--role ${role}: owner or staff` };
  if (flags.password === undefined)
    return { ok: true, command: { kind: 'staff-add', email: e.email, role: role as StaffRole } };
  const password = staffPasswordSchema.safeParse(flags.password);
  if (!password.success)
    return { ok: false, error: `--password: ${password.error.issues[0]?.message}` };
  return {
    ok: true,
    command: {
      kind: 'staff-add',
      email: e.email,
      password: password.data,
      role: role as StaffRole,
    },
  };
}

function parseBackup(noun: 'backup' | 'restore', rest: string[], flags: Flags): Parsed {
  const other = (Object.keys(flags) as (keyof Flags)[]).find((f) => f !== 'force');
  if (other) return { ok: false, error: `${noun} takes no --${other}` };
  const [file, ...extra] = rest;
  if (!file) return { ok: false, error: `Expected: ${noun} <file> [--force]` };
  if (extra.length > 0) return { ok: false, error: `Unexpected arguments: ${extra.join(' ')}` };
  return { ok: true, command: { kind: noun, file, force: flags.force === true } };
}

function parseGst(rest: string[], flags: Flags, now: Date): Parsed {
  const other = (Object.keys(flags) as (keyof Flags)[]).find((f) => f !== 'month' && f !== 'out');
  if (other) return { ok: false, error: `gst takes no --${other}` };
  const [report, ...extra] = rest;
  if (report !== 'gstr1')
    return { ok: false, error: 'Expected: gst gstr1 --month <YYYY-MM> --out <file>' };
  if (extra.length > 0) return { ok: false, error: `Unexpected arguments: ${extra.join(' ')}` };
  if (flags.month === undefined) return { ok: false, error: 'gst gstr1 needs --month <YYYY-MM>' };
  const problem = gstr1MonthProblem(flags.month, shopMonth(now));
  if (problem) return { ok: false, error: `--month ${flags.month}: ${problem}` };
  if (flags.out === undefined)
    return {
      ok: false,
      error: 'gst gstr1 needs --out <file> (the JSON, or CSV when it ends in .csv)',
    };
  const format = /\.csv$/i.test(flags.out) ? 'csv' : 'json';
  return { ok: true, command: { kind: 'gstr1', month: flags.month, out: flags.out, format } };
}

export function parseStoreArgs(argv: readonly string[], now = new Date()): Parsed {
  const read = readArgs(argv);
  if (!read.ok) return read;
  const { flags, words } = read;

  const [noun, ...rest] = words;
  if (noun === 'gst') return parseGst(rest, flags, now);
  if (flags.month !== undefined || flags.out !== undefined)
    return { ok: false, error: '--month and --out go with gst gstr1' };
  if (noun === 'backup' || noun === 'restore') return parseBackup(noun, rest, flags);
  if (flags.force !== undefined) return { ok: false, error: '--force goes with backup or restore' };
  if (noun === 'staff') return parseStaff(rest, flags);
  const staffFlag = staffFlags.find((f) => flags[f] !== undefined);
  if (staffFlag) return { ok: false, error: `--${staffFlag} goes with staff` };
  if (flags.carrier !== undefined && noun !== 'order')
    return { ok: false, error: '--carrier only goes with ship' };
  if (noun === 'refunds' || noun === 'refund') return parseRefund(noun, rest, flags);
  if (flags.amount !== undefined || flags.reference !== undefined)
    return { ok: false, error: '--amount and --reference go with refund' };
  if (noun === 'orders') return parseList(rest, flags);
  if (flags.status !== undefined || flags.limit !== undefined)
    return { ok: false, error: '--status and --limit go with orders' };
  const [orderId, action, ...extra] = rest;
  if (noun !== 'order' || !orderId || !action)
    return {
      ok: false,
      error:
        'Expected: orders, order <id> <show|ship|deliver|cancel>, refunds, refund, staff, gst, backup or restore',
    };
  if (extra.length > 0) return { ok: false, error: `Unexpected arguments: ${extra.join(' ')}` };
  const trackingNumber = flags.tracking;
  const carrier = flags.carrier;
  if (carrier !== undefined && action !== 'ship')
    return { ok: false, error: '--carrier only goes with ship' };
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
  if (carrier !== undefined) {
    if (!carrierNames.includes(carrier))
      return {
        ok: false,
        error: `--carrier ${carrier}: one of ${carrierNames.map((n) => `"${n}"`).join(', ')}`,
      };
    const problem = trackingNumberProblem(carrier, trackingNumber!);
    if (problem) return { ok: false, error: `--tracking ${trackingNumber}: ${problem}` };
  }
  return {
    ok: true,
    command: {
      kind: 'transition',
      orderId,
      action,
      ...(trackingNumber ? { trackingNumber } : {}),
      ...(carrier ? { carrier } : {}),
    },
  };
}
