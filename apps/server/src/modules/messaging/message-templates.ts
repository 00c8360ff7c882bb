import { trimEnd } from '@store/contracts/text';
import type { MessageKind } from './message-outbox.service';

/**
 * Each message kind's template: the body parameters an approved WhatsApp template ({{1}}, {{2}}, …)
 * and a DLT-registered SMS template (MSG91's var1, var2, …) are filled with, in this order, and the
 * text they make, which the demo outbox shows. The wording here must match the templates the shop
 * registers with Meta and on the DLT portal (README: WhatsApp and SMS); only the parameters travel.
 */
interface TemplateSpec {
  params(data: MessageData, links: { trackUrl: string }): string[];
  text(p: string[]): string;
}

/** What the outbox row's data holds (message-outbox.service.ts writes it). */
export interface MessageData {
  orderId?: unknown;
  storeName?: unknown;
  totalPaise?: unknown;
  amountPaise?: unknown;
  carrier?: unknown;
  trackingNumber?: unknown;
  code?: unknown;
  [key: string]: unknown;
}

const str = (v: unknown, fallback = '') =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : fallback;
/** ₹1,234.50 as an SMS can carry it: "Rs 1234.50" (DLT templates are plain text) */
const rupees = (paise: unknown) =>
  typeof paise === 'number' && Number.isFinite(paise) ? `Rs ${(paise / 100).toFixed(2)}` : '';

const specs: Record<MessageKind, TemplateSpec> = {
  order_placed: {
    params: (d) => [str(d.storeName, 'Our shop'), str(d.orderId), rupees(d.totalPaise)],
    text: ([store, id, total]) =>
      `${store}: thank you! Your order ${id} for ${total} is placed. We will message you when it ships.`,
  },
  order_shipped: {
    params: (d, l) => [
      str(d.storeName, 'Our shop'),
      str(d.orderId),
      [str(d.carrier), str(d.trackingNumber)].filter(Boolean).join(' ') || 'our courier',
      l.trackUrl,
    ],
    text: ([store, id, shipment, url]) =>
      `${store}: your order ${id} is on its way (${shipment}). Track it: ${url}`,
  },
  out_for_delivery: {
    params: (d, l) => [str(d.storeName, 'Our shop'), str(d.orderId), l.trackUrl],
    text: ([store, id, url]) => `${store}: your order ${id} is out for delivery today. ${url}`,
  },
  order_delivered: {
    params: (d) => [str(d.storeName, 'Our shop'), str(d.orderId)],
    text: ([store, id]) => `${store}: your order ${id} has been delivered. Thank you for shopping!`,
  },
  refund_issued: {
    params: (d) => [str(d.storeName, 'Our shop'), rupees(d.amountPaise), str(d.orderId)],
    text: ([store, amount, id]) =>
      `${store}: a refund of ${amount} for your order ${id} has been issued.`,
  },
  cod_otp: {
    params: (d) => [str(d.code)],
    text: ([code]) =>
      `${code} is your code to confirm your cash-on-delivery order. Do not share it with anyone.`,
  },
};

/** The track-order page of the storefront (spec: /track-order?id=), where every link points. */
export const trackUrlOf = (baseUrl: string, orderId: unknown) =>
  `${trimEnd(baseUrl, '/')}/track-order?id=${encodeURIComponent(str(orderId))}`;

/** A message's template parameters and its text, from its outbox row's kind and data. */
export function renderMessage(
  kind: string,
  data: MessageData,
  baseUrl: string,
): { params: string[]; text: string } | null {
  const spec = specs[kind as MessageKind];
  if (!spec) return null;
  const params = spec.params(data, { trackUrl: trackUrlOf(baseUrl, data.orderId) });
  return { params, text: spec.text(params) };
}

export const messageKinds = Object.keys(specs) as MessageKind[];
