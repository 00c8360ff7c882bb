import { timingSafeEqual } from 'node:crypto';
import {
  CourierError,
  type BookingProgress,
  type BookingStep,
  type Courier,
  type OrderForCourier,
  type TrackingEvent,
  type TrackingStatus,
} from './courier';
import {
  ShiprocketApi,
  type FetchLike,
  type ShiprocketAwbAnswer,
  type ShiprocketConfig,
  type ShiprocketCreatedOrder,
  type ShiprocketLabelAnswer,
  type ShiprocketPickupAnswer,
} from './shiprocket-api';

/**
 * A stationery parcel's size when nothing better is known: the catalogue keeps no weights or
 * sizes, and Shiprocket requires them (it re-weighs at the hub and bills the difference). Recorded
 * in docs/decisions/shiprocket.md.
 */
export const DEFAULT_PARCEL = { lengthCm: 25, breadthCm: 20, heightCm: 5, weightKg: 0.5 };

const rupees = (paise: number) => Math.round(paise) / 100;

/** 'YYYY-MM-DD HH:mm' in India's time, as Shiprocket reads order_date. */
function istDateTime(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return ist.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Shiprocket's shipment status names (webhook `shipment_status` / `current_status`) in the store's
 * words. Scans before the courier has the parcel (pickup scheduled, manifested, out for pickup)
 * and exceptions staff handle in Shiprocket's panel (NDR, lost, damaged) move nothing here.
 */
const statusOfName: Record<string, TrackingStatus> = {
  'PICKED UP': 'shipped',
  SHIPPED: 'shipped',
  'IN TRANSIT': 'shipped',
  'REACHED AT DESTINATION HUB': 'shipped',
  'REACHED DESTINATION HUB': 'shipped',
  'IN TRANSIT-AT DESTINATION HUB': 'shipped',
  MISROUTED: 'shipped',
  DELAYED: 'shipped',
  UNDELIVERED: 'shipped',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  'RTO INITIATED': 'rto_initiated',
  'RTO IN TRANSIT': 'rto_initiated',
  'RTO IN INTRANSIT': 'rto_initiated',
  'RTO OFD': 'rto_initiated',
  'RTO NDR': 'rto_initiated',
  'RTO ACKNOWLEDGED': 'rto_delivered',
  'RTO DELIVERED': 'rto_delivered',
};

/** `current_timestamp` comes as 'DD MM YYYY HH:mm:ss' in India's time (Shiprocket's sample). */
function eventTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{2})[ -/](\d{2})[ -/](\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y, h, mi, s] = m;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

function tokensEqual(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Shiprocket (https://apidocs.shiprocket.in): a custom order (POST /orders/create/adhoc), its
 * AWB (/courier/assign/awb, Shiprocket's courier rules choose the carrier), the pickup
 * (/courier/generate/pickup) and the label (/courier/generate/label, a PDF behind label_url that
 * is downloaded and kept, since the link is Shiprocket's and may not last). Tracking arrives at
 * POST /api/v1/shipping/webhooks/shiprocket with the panel's token in x-api-key.
 */
export class ShiprocketCourier implements Courier {
  readonly id = 'shiprocket' as const;
  readonly label = 'Shiprocket';
  readonly api: ShiprocketApi | null;

  constructor(
    private readonly config: ShiprocketConfig | null,
    fetchImpl?: FetchLike,
  ) {
    this.api = config ? new ShiprocketApi(config, fetchImpl) : null;
  }

  isConfigured(): boolean {
    return this.config !== null;
  }

  private client(): ShiprocketApi {
    if (!this.api) throw new CourierError('Shiprocket is not configured', 'unavailable');
    return this.api;
  }

  async bookShipment(
    order: OrderForCourier,
    progress: BookingProgress,
    save: (step: BookingStep) => Promise<void>,
  ): Promise<void> {
    const api = this.client();
    let shipmentId = progress.courierShipmentId;
    if (!shipmentId) {
      const created = await api.call<ShiprocketCreatedOrder>(
        'POST',
        '/orders/create/adhoc',
        this.adhocOrder(order),
      );
      if (created.order_id == null || created.shipment_id == null)
        throw new CourierError('Shiprocket made no shipment of the order', 'unavailable');
      shipmentId = String(created.shipment_id);
      await save({
        step: 'created',
        courierOrderId: String(created.order_id),
        courierShipmentId: shipmentId,
      });
    }
    if (!progress.awb) {
      const answer = await api.call<ShiprocketAwbAnswer>('POST', '/courier/assign/awb', {
        shipment_id: Number(shipmentId),
      });
      const data = answer.response?.data;
      if (answer.awb_assign_status !== 1 || !data?.awb_code) {
        throw new CourierError(
          `Shiprocket assigned no AWB: ${data?.awb_assign_error ?? answer.message ?? 'no courier took it'}`,
          'refused',
        );
      }
      await save({
        step: 'awb',
        awb: data.awb_code,
        courierName: data.courier_name ?? 'Shiprocket',
      });
    }
    if (!progress.pickupRequested) {
      try {
        const answer = await api.call<ShiprocketPickupAnswer>('POST', '/courier/generate/pickup', {
          shipment_id: [Number(shipmentId)],
        });
        if (answer.pickup_status !== 1)
          throw new CourierError('Shiprocket did not schedule the pickup', 'refused');
        await save({
          step: 'pickup',
          scheduledFor: answer.response?.pickup_scheduled_date ?? null,
        });
      } catch (err) {
        // a pickup asked before (our answer lost on the way back) is a pickup asked
        if (!(err instanceof CourierError && /already in pickup queue/i.test(err.message)))
          throw err;
        await save({ step: 'pickup', scheduledFor: null });
      }
    }
    if (!progress.label) {
      const answer = await api.call<ShiprocketLabelAnswer>('POST', '/courier/generate/label', {
        shipment_id: [Number(shipmentId)],
      });
      if (answer.label_created !== 1 || !answer.label_url)
        throw new CourierError('Shiprocket made no label for the shipment', 'refused');
      await save({ step: 'label', pdf: await api.downloadPdf(answer.label_url) });
    }
  }

  /** The custom order's fields, as Shiprocket's parameter table names them. */
  private adhocOrder(order: OrderForCourier) {
    const [first = '', ...rest] = order.address.name.trim().split(/\s+/);
    return {
      order_id: order.id,
      order_date: istDateTime(order.placedAt),
      pickup_location: this.config!.pickupLocation,
      billing_customer_name: first,
      billing_last_name: rest.join(' '),
      billing_address: order.address.address,
      billing_city: order.address.city,
      billing_pincode: order.address.postalCode,
      billing_state: order.address.state,
      billing_country: 'India',
      billing_email: order.email,
      billing_phone: order.phone,
      shipping_is_billing: true,
      order_items: order.items.map((i) => ({
        name: i.title,
        sku: i.sku,
        units: i.quantity,
        selling_price: rupees(i.unitPricePaise),
        ...(i.hsnCode ? { hsn: i.hsnCode } : {}),
      })),
      payment_method: order.cashOnDelivery ? 'COD' : 'Prepaid',
      shipping_charges: rupees(order.deliveryPaise + order.codFeePaise),
      total_discount: rupees(order.discountPaise),
      sub_total: rupees(order.subtotalPaise),
      length: DEFAULT_PARCEL.lengthCm,
      breadth: DEFAULT_PARCEL.breadthCm,
      height: DEFAULT_PARCEL.heightCm,
      weight: DEFAULT_PARCEL.weightKg,
    };
  }

  verifyWebhook(headers: Record<string, string | string[] | undefined>): boolean {
    const token = this.config?.webhookToken;
    return !!token && tokensEqual(token, headers['x-api-key']);
  }

  parseTrackingEvent(body: unknown): TrackingEvent | null {
    if (!body || typeof body !== 'object') return null;
    const b = body as Record<string, unknown>;
    const awb = typeof b.awb === 'number' ? String(b.awb) : b.awb;
    if (typeof awb !== 'string' || !awb.trim()) return null;
    // shipment_status is the shipment's state; current_status the latest scan's, which can
    // lag or name a scan (a return's is 'RTO …' in both)
    const names = [b.shipment_status, b.current_status]
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.trim().toUpperCase());
    const status = names.map((n) => statusOfName[n]).find((s) => s !== undefined) ?? null;
    return {
      awb: awb.trim(),
      status,
      at: eventTime(b.current_timestamp),
      rawStatus: names[0] ?? '',
    };
  }
}
