// Order rules shared by the server, the CLI and the web app: status codes, their labels and badge
// tones, the shipping method. Plain module, no zod import.

/** Status codes of spec section 4. */
export const orderStatus = {
  pending: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
  cancelled: 4,
} as const;
export type OrderStatusKey = keyof typeof orderStatus;
export type OrderStatusCode = (typeof orderStatus)[OrderStatusKey];
export const orderStatusKeys = Object.keys(orderStatus) as [OrderStatusKey, ...OrderStatusKey[]];

/** Badge colours of spec section 4; grey for a status the client does not know. */
export type OrderStatusTone = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'gray';

const statuses: readonly { label: string; tone: OrderStatusTone }[] = [
  { label: 'Pending', tone: 'yellow' },
  { label: 'Processing', tone: 'blue' },
  { label: 'Shipped', tone: 'purple' },
  { label: 'Delivered', tone: 'green' },
  { label: 'Cancelled', tone: 'red' },
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

/** Badge tone of spec section 4: yellow, blue, purple, green, red; grey when unknown. */
export function orderStatusTone(status: unknown): OrderStatusTone {
  return knownStatus(status)?.tone ?? 'gray';
}

/** The one shipping method the store offers (spec: "Standard Shipping"). */
export const SHIPPING_METHOD = 'Standard Shipping';

/**
 * The stages of an order's status history as the shopper sees it (My Orders, Track order), each
 * with its date: the status numbers stay 0–4; Paid is when the money came (online: the gateway's
 * answer; cash on delivery: when the courier's cash was recorded).
 */
export const orderHistoryStages = [
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderHistoryStage = (typeof orderHistoryStages)[number];

export const orderHistoryLabels: Record<OrderHistoryStage, string> = {
  placed: 'Placed',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
