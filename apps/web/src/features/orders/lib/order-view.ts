import { sumRupees } from '@store/contracts/money';
import { orderStatus, SHIPPING_METHOD } from '@store/contracts/order-rules';
import type { Order } from '@store/contracts/orders';

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
    variant: [item.size, item.color].filter(Boolean).join(' · '),
    quantity: item.quantity,
    price: item.price,
  }));
  const tracking = order.trackingNumber?.trim();
  return {
    id: order.id,
    date: order.createdAt,
    status: order.status ?? orderStatus.pending,
    items,
    shipping: {
      address: joinShippingAddress(order.shippingAddress),
      method: SHIPPING_METHOD,
      tracking: tracking || TRACKING_NOT_AVAILABLE,
    },
    total: sumRupees(items),
  };
}
