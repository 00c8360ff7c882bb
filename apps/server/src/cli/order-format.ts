// What the operator CLI prints. Pure functions of the data both paths share (database or server).
import { formatPaise } from '@store/contracts/money';
import {
  OPERATOR_ORDERS_MAX_LIMIT,
  type OperatorOrderDetail,
  type OperatorOrderSummary,
} from '@store/contracts/operator';
import { orderStatusLabel } from '@store/contracts/order-rules';
import type { TransitionedOrder } from '../modules/orders/order-transitions.service';
import { columns, printable } from './terminal-text';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The operator's local date and minute, e.g. 2026-11-22 14:05 (sorts and reads the same anywhere). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  return `${date} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Orders keep 10 digits (or +91 and 10); a packer reads and dials +91 98765 43210 more easily. */
function formatMobile(phone: string): string {
  const digits = /^(?:\+91)?(\d{10})$/.exec(phone)?.[1];
  return digits ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
}

export function formatTransition(result: TransitionedOrder): string {
  const via = [result.carrier, result.trackingNumber].filter(Boolean).join(' ');
  const tracking = result.trackingNumber ? ` (tracking ${via})` : '';
  return `Order ${result.id}: ${orderStatusLabel(result.from)} -> ${orderStatusLabel(result.to)}${tracking}`;
}

/** One line per order, then how many; `limit` says when the list may have been cut short. */
export function formatOrderList(rawList: readonly OperatorOrderSummary[], limit?: number): string {
  const list = printable(rawList);
  if (list.length === 0) return 'No orders';
  const rows = list.map((o) => [
    o.id,
    formatDateTime(o.createdAt),
    orderStatusLabel(o.status),
    formatPaise(o.totalPaise),
    count(o.itemCount, 'item'),
    o.contactEmail,
    `${o.city} ${o.postalCode}`,
  ]);
  let total = count(list.length, 'order');
  if (limit !== undefined && list.length >= limit) {
    total +=
      limit < OPERATOR_ORDERS_MAX_LIMIT
        ? ` (the newest ${limit}; --limit up to ${OPERATOR_ORDERS_MAX_LIMIT} shows more)`
        : ` (the newest ${limit}; --status narrows the list)`;
  }
  return [...columns(rows, new Set([3, 4])), total].join('\n');
}

function variant(item: OperatorOrderDetail['items'][number]): string {
  const chosen = [item.size, item.color].filter(Boolean);
  return chosen.length ? ` [${chosen.join(', ')}]` : '';
}

/** Everything a packer needs: status, times, contact, where to ship, what to pack, payments. */
export function formatOrderDetail(rawOrder: OperatorOrderDetail): string {
  const order = printable(rawOrder);
  const a = order.shippingAddress;
  const lines = [
    `Order ${order.id}  ${orderStatusLabel(order.status)}`,
    `Placed    ${formatDateTime(order.createdAt)}`,
    `Updated   ${formatDateTime(order.updatedAt)}`,
    ...(order.trackingNumber ? [`Tracking  ${order.trackingNumber}`] : []),
    `Contact   ${order.contactEmail}, ${formatMobile(order.contactPhone)}`,
    '',
    'Ship to',
    `  ${a.fullName}`,
    `  ${a.address}`,
    `  ${a.city}, ${a.state} - ${a.postalCode}`,
    `  Phone ${formatMobile(a.phone)}`,
    '',
    'Items',
    ...order.items.map(
      (i) =>
        `  ${i.quantity} × ${i.title}${variant(i)} at ${formatPaise(i.unitPricePaise)}` +
        ` = ${formatPaise(i.quantity * i.unitPricePaise)}`,
    ),
    `Total ${formatPaise(order.totalPaise)}`,
    '',
  ];
  if (order.payments.length === 0) return [...lines, 'Payments: none yet'].join('\n');
  const attempts = order.payments.map((p) => [
    formatDateTime(p.createdAt),
    p.method ? `${p.provider} ${p.method}` : p.provider,
    p.status,
    formatPaise(p.amountPaise),
    p.providerReference ? `${p.id} (provider ref ${p.providerReference})` : p.id,
  ]);
  return [...lines, 'Payments', ...columns(attempts, new Set([3])).map((l) => `  ${l}`)].join('\n');
}
