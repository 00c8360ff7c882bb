import type { Order } from '@store/contracts/orders';

export const STANDARD_SHIPPING = 'Standard Shipping';
export const TRACKING_NOT_AVAILABLE = 'Not available';

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
  shipping: { address: string; method: string; tracking: string };
  total: number;
}

/** The order as the server may send it: status can be missing (spec section 3: default 0). */
export type OrderInput = Omit<Order, 'status' | 'trackingNumber' | 'total' | 'shippingMethod'> & {
  status?: number | null;
  trackingNumber?: string | null;
};

export type StatusBadgeVariant = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'gray';

const statuses: readonly { label: string; badge: StatusBadgeVariant }[] = [
  { label: 'Pending', badge: 'yellow' },
  { label: 'Processing', badge: 'blue' },
  { label: 'Shipped', badge: 'purple' },
  { label: 'Delivered', badge: 'green' },
  { label: 'Cancelled', badge: 'red' },
];

function knownStatus(status: unknown) {
  return typeof status === 'number' && Number.isInteger(status) ? statuses[status] : undefined;
}

/** 0 Pending … 4 Cancelled; another number 'Unknown (n)'; anything else 'Unknown'. */
export function orderStatusLabel(status: unknown): string {
  const known = knownStatus(status);
  if (known) return known.label;
  return typeof status === 'number' && Number.isFinite(status) ? `Unknown (${status})` : 'Unknown';
}

/** Badge colour of spec section 4: yellow, blue, purple, green, red; grey when unknown. */
export function orderStatusBadgeVariant(status: unknown): StatusBadgeVariant {
  return knownStatus(status)?.badge ?? 'gray';
}

export function isPendingOrder(status: unknown): boolean {
  return status === 0;
}

/** Sum of price × quantity, added up in paise so that 0.1 + 0.2 stays 0.30. */
export function orderTotal(items: readonly { price: number; quantity: number }[]): number {
  const paise = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return paise / 100;
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
    variant: [item.size, item.color].filter(Boolean).join(' · '),
    quantity: item.quantity,
    price: item.price,
  }));
  const tracking = order.trackingNumber?.trim();
  return {
    id: order.id,
    date: order.createdAt,
    status: order.status ?? 0,
    items,
    shipping: {
      address: joinShippingAddress(order.shippingAddress),
      method: STANDARD_SHIPPING,
      tracking: tracking || TRACKING_NOT_AVAILABLE,
    },
    total: orderTotal(items),
  };
}
