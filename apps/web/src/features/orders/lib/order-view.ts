import { trackingLink } from '@store/contracts/carriers';
import { formatInr, paiseToRupees, rupeesToPaise, sumRupees } from '@store/contracts/money';
import { orderStatus, SHIPPING_METHOD } from '@store/contracts/order-rules';
import type { Order, OrderDocument, OrderHistoryEntry } from '@store/contracts/orders';
import type { ShopperReturn } from '@store/contracts/returns';

export const TRACKING_NOT_AVAILABLE = 'Not available';

/** The size of a product that comes in one size only (spec: preselected on the product page). */
const ONLY_SIZE = 'One Size';

export interface OrderItemView {
  id: string;
  name: string;
  /** the chosen size and colour, e.g. 'A5 · Maroon'; empty when none */
  variant: string;
  quantity: number;
  price: number;
}

export interface OrderView {
  id: string;
  date: string;
  status: number;
  items: OrderItemView[];
  shipping: {
    address: string;
    method: string;
    tracking: string;
    /** who carries the parcel, when the shop named one (e.g. 'India Post') */
    carrier?: string;
    /** the carrier's page for this parcel, when it has one */
    trackingUrl?: string;
  };
  /**
   * subtotal − discount + delivery + COD fee: the spec's "sum of price times quantity" less the
   * order's discounts, plus delivery and any cash-on-delivery fee (docs/decisions/promotions.md,
   * delivery-charges.md)
   */
  total: number;
  /** the sum of price × quantity */
  subtotal: number;
  /** off the goods, from the server's order (0 without discounts) */
  discount: number;
  /** what each discount was ("SAVE10: 10% off"), for the Discount line */
  discountLabels: string[];
  /** the delivery charge, 0 when free */
  delivery: number;
  /** the cash-on-delivery fee, 0 when none */
  codFee: number;
  /** unpaid, confirming (the provider has not confirmed yet), paid, refunded; absent: unknown */
  paymentStatus?: string;
  /** an unpaid Pending order is cancelled at this time (ISO) */
  payBy?: string;
  /** why a Cancelled order was cancelled: 'expired', 'cod_unconfirmed', 'operator', 'returned', 'shopper' */
  cancelReason?: string;
  /** the tax invoice and credit notes to download; empty until the order is paid */
  documents: OrderDocument[];
  /** cash on delivery: 'to_collect' until the courier hands the cash over, then 'collected' */
  codStatus?: string;
  /** the status history with dates, oldest first; empty from an older server */
  history: OrderHistoryEntry[];
  /** a Delivered order: until when Request a return is taken (ISO) */
  returnableUntil?: string;
  /** the shopper's return requests, oldest first */
  returns: ShopperReturn[];
  /** cash on delivery that checks first: the code sent to the phone (contracts/cod-codes.ts) */
  codCode?: NonNullable<Order['codCode']>;
}

export const orderNotes = {
  confirming: 'Your payment is being confirmed',
  expired: 'Cancelled: not paid in time',
  codUnconfirmed: 'Cancelled: cash on delivery not confirmed in time',
  byShopper: 'Cancelled by you',
} as const;

/**
 * Cancel order while the order has not left: Pending or Processing, and no payment being
 * confirmed (the server refuses that until the gateway answers).
 */
export function canCancel(order: Pick<OrderView, 'status' | 'paymentStatus'>): boolean {
  return (
    (order.status === orderStatus.pending || order.status === orderStatus.processing) &&
    order.paymentStatus !== 'confirming'
  );
}

/** Pay Now only for a Pending order whose payment is not already being confirmed. */
export function canPayNow(order: Pick<OrderView, 'status' | 'paymentStatus'>): boolean {
  return isPendingOrder(order.status) && order.paymentStatus !== 'confirming';
}

/** A cash-on-delivery order not yet shipped may still be paid online (Pay now by UPI). */
export function canPayCodOnline(order: Pick<OrderView, 'status' | 'codStatus'>): boolean {
  return order.status === orderStatus.processing && order.codStatus === 'to_collect';
}

/** The order waits for the code sent to the shopper's phone before it ships. */
export function needsCodCode(order: Pick<OrderView, 'status' | 'codStatus' | 'codCode'>): boolean {
  return canPayCodOnline(order) && order.codCode !== undefined && !order.codCode.confirmed;
}

/** The line said under an order's status, if any. */
export function orderStatusNote(
  order: Pick<OrderView, 'status' | 'paymentStatus' | 'cancelReason'> &
    Partial<Pick<OrderView, 'codStatus' | 'total'>>,
): string | undefined {
  if (order.codStatus === 'to_collect' && order.status !== orderStatus.cancelled)
    return typeof order.total === 'number'
      ? `Cash on delivery: pay ${formatInr(order.total, 'exact')} on delivery`
      : 'Cash on delivery';
  if (order.codStatus === 'collected') return 'Cash on delivery: paid';
  if (isPendingOrder(order.status) && order.paymentStatus === 'confirming')
    return orderNotes.confirming;
  if (order.status === orderStatus.cancelled && order.cancelReason === 'expired')
    return orderNotes.expired;
  if (order.status === orderStatus.cancelled && order.cancelReason === 'cod_unconfirmed')
    return orderNotes.codUnconfirmed;
  if (order.status === orderStatus.cancelled && order.cancelReason === 'shopper')
    return orderNotes.byShopper;
  return undefined;
}

/** The order as the server may send it: status can be missing (spec section 3: default 0). */
export type OrderInput = Omit<Order, 'status' | 'trackingNumber' | 'total' | 'shippingMethod'> & {
  status?: number | null;
  trackingNumber?: string | null;
};

export function isPendingOrder(status: unknown): boolean {
  return status === orderStatus.pending;
}

/** Joins address, city, state and postal code, skipping the blank parts. */
export function joinShippingAddress(address: {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}): string {
  return [address.address, address.city, address.state, address.postalCode]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

export function toOrderView(order: OrderInput): OrderView {
  const items = order.items.map((item) => ({
    id: item.id,
    name: item.productTitle,
    // a product's only size ('One Size') says nothing the title does not (as in the e-mails)
    variant: [item.size !== ONLY_SIZE && item.size, item.color].filter(Boolean).join(' · '),
    quantity: item.quantity,
    price: item.price,
  }));
  const tracking = order.trackingNumber?.trim();
  const carrier = order.carrier?.trim();
  const trackingUrl = tracking && carrier ? trackingLink(carrier, tracking) : null;
  return {
    id: order.id,
    date: order.createdAt,
    status: order.status ?? orderStatus.pending,
    items,
    shipping: {
      address: joinShippingAddress(order.shippingAddress),
      method: SHIPPING_METHOD,
      tracking: tracking || TRACKING_NOT_AVAILABLE,
      ...(carrier ? { carrier } : {}),
      ...(trackingUrl ? { trackingUrl } : {}),
    },
    ...orderMoney(sumRupees(items), order),
    ...(order.paymentStatus ? { paymentStatus: order.paymentStatus } : {}),
    ...(order.payBy ? { payBy: order.payBy } : {}),
    ...(order.cancelReason ? { cancelReason: order.cancelReason } : {}),
    documents: order.documents ?? [],
    ...(order.codStatus ? { codStatus: order.codStatus } : {}),
    history: order.history ?? [],
    ...(order.returnableUntil ? { returnableUntil: order.returnableUntil } : {}),
    returns: order.returns ?? [],
    ...(order.codCode ? { codCode: order.codCode } : {}),
  };
}

/** The order's money as the views show it: the lines' sum, less discounts, plus delivery and fee. */
function orderMoney(
  subtotal: number,
  order: Pick<OrderInput, 'discount' | 'delivery' | 'codFee' | 'offers'>,
): Pick<OrderView, 'total' | 'subtotal' | 'discount' | 'discountLabels' | 'delivery' | 'codFee'> {
  const discount = order.discount ?? 0;
  const delivery = order.delivery ?? 0;
  const codFee = order.codFee ?? 0;
  return {
    subtotal,
    discount,
    discountLabels: (order.offers ?? [])
      .filter((o) => o.kind !== 'free_delivery' && o.amount > 0)
      .map((o) => (o.code ? `${o.code}: ${o.description}` : o.description)),
    delivery,
    codFee,
    // in paise, so 0.1 + 0.2 stays 0.30
    total: paiseToRupees(
      rupeesToPaise(subtotal) -
        rupeesToPaise(discount) +
        rupeesToPaise(delivery) +
        rupeesToPaise(codFee),
    ),
  };
}

/** Units of each line still returnable: delivered less those in returns not rejected. */
export function returnableUnits(order: Pick<OrderView, 'items' | 'returns'>): number[] {
  return order.items.map((item) => {
    const asked = order.returns
      .filter((r) => r.status !== 'rejected')
      .flatMap((r) => r.lines)
      .filter((l) => l.orderItemId === item.id)
      .reduce((s, l) => s + l.quantity, 0);
    return Math.max(0, item.quantity - asked);
  });
}

/** Request a return is offered until the window closes, while no other return is open. */
export function canRequestReturn(
  order: Pick<OrderView, 'items' | 'returns' | 'returnableUntil'>,
  now = Date.now(),
): boolean {
  if (!order.returnableUntil || Date.parse(order.returnableUntil) < now) return false;
  const open = order.returns.some((r) => ['requested', 'approved', 'received'].includes(r.status));
  return !open && returnableUnits(order).some((n) => n > 0);
}
