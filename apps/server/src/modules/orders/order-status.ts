import { sql } from 'drizzle-orm';
import { orderStatus, orderStatusLabel, type OrderStatusCode } from '@store/contracts/order-rules';
import { orders } from '../../db/schema';

/**
 * What can happen to an order after it is placed. `pay` comes only from a verified notification;
 * `acceptCod` from the shopper choosing cash on delivery (the order goes ahead unpaid, to collect).
 */
export type OrderAction =
  'pay' | 'acceptCod' | 'ship' | 'deliver' | 'cancel' | 'return_undelivered';

/**
 * Allowed transitions: Pending -pay or acceptCod-> Processing -ship-> Shipped -deliver-> Delivered;
 * Pending or Processing -cancel-> Cancelled; a Shipped cash-on-delivery order refused at the door
 * -return_undelivered-> Cancelled (the caller checks the cash is still to collect). Everything else
 * is refused.
 */
const transitions: Record<OrderAction, { from: readonly OrderStatusCode[]; to: OrderStatusCode }> =
  {
    pay: { from: [orderStatus.pending], to: orderStatus.processing },
    acceptCod: { from: [orderStatus.pending], to: orderStatus.processing },
    ship: { from: [orderStatus.processing], to: orderStatus.shipped },
    deliver: { from: [orderStatus.shipped], to: orderStatus.delivered },
    cancel: { from: [orderStatus.pending, orderStatus.processing], to: orderStatus.cancelled },
    return_undelivered: { from: [orderStatus.shipped], to: orderStatus.cancelled },
  };

export type TransitionResult = { ok: true; to: OrderStatusCode } | { ok: false; error: string };

export function nextOrderStatus(current: number, action: OrderAction): TransitionResult {
  const rule = transitions[action];
  if ((rule.from as readonly number[]).includes(current)) return { ok: true, to: rule.to };
  const allowedFrom = rule.from.map(orderStatusLabel).join(' or ');
  return {
    ok: false,
    error: `Cannot ${action} an order that is ${orderStatusLabel(current)} (only from ${allowedFrom})`,
  };
}

/** The statuses an action may start from and the one it leads to, for the conditional UPDATE. */
export const orderTransition = (
  action: OrderAction,
): { from: readonly OrderStatusCode[]; to: OrderStatusCode } => transitions[action];

/** An order counts as paid (revenue, a customer's spend) once Processing, Shipped or Delivered; a cancel takes it out. */
export const paidOrderStatuses: readonly OrderStatusCode[] = [
  orderStatus.processing,
  orderStatus.shipped,
  orderStatus.delivered,
];

/**
 * ...and a cash-on-delivery order only once its cash is recorded: until then it is Processing (or
 * on its way) but the money may never come (a parcel refused at the door).
 */
export const codSettled = sql`(${orders.codStatus} is null or ${orders.codStatus} = 'collected')`;
