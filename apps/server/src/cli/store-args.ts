import type { OperatorAction } from '../modules/payments/order-transitions.service';

export const storeUsage = `Usage:
  npm run store -- order <id> ship --tracking <number>   Processing -> Shipped
  npm run store -- order <id> deliver                    Shipped -> Delivered
  npm run store -- order <id> cancel                     Pending or Processing -> Cancelled`;

export interface StoreCommand {
  orderId: string;
  action: OperatorAction;
  trackingNumber?: string;
}

export function parseStoreArgs(
  argv: readonly string[],
): { ok: true; command: StoreCommand } | { ok: false; error: string } {
  const args = [...argv];
  let trackingNumber: string | undefined;
  const flag = args.findIndex((a) => a === '--tracking' || a.startsWith('--tracking='));
  if (flag >= 0) {
    const arg = args[flag]!;
    trackingNumber = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[flag + 1];
    args.splice(flag, arg.includes('=') ? 1 : 2);
    if (!trackingNumber) return { ok: false, error: '--tracking needs a value' };
  }
  const [noun, orderId, action, ...rest] = args;
  if (noun !== 'order' || !orderId || !action)
    return { ok: false, error: 'Expected: order <id> <ship|deliver|cancel>' };
  if (rest.length > 0) return { ok: false, error: `Unexpected arguments: ${rest.join(' ')}` };
  if (action !== 'ship' && action !== 'deliver' && action !== 'cancel')
    return { ok: false, error: `Unknown action: ${action}` };
  if (action === 'ship' && !trackingNumber)
    return { ok: false, error: 'ship needs --tracking <number>' };
  if (action !== 'ship' && trackingNumber)
    return { ok: false, error: '--tracking only goes with ship' };
  return { ok: true, command: { orderId, action, ...(trackingNumber ? { trackingNumber } : {}) } };
}
