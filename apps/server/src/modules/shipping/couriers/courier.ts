/**
 * One courier integration (issue 28, item 3), everything the store does with it behind one
 * object, as the payment providers are (modules/payments/providers/provider.ts): the booking
 * service and the tracking webhook ask the registry (couriers.ts) for a courier and call what it
 * offers; neither names one. Staff without a courier account keep entering the carrier and
 * tracking number by hand (the order page's Mark shipped).
 */

/** The couriers the store can book with; a stored shipment's `courier` column. */
export const courierIds = ['shiprocket'] as const;
export type CourierId = (typeof courierIds)[number];

/** An order as a courier needs it to carry it: who to, what, how much, paid or cash on delivery. */
export interface OrderForCourier {
  id: string;
  placedAt: Date;
  /** cash on delivery: the courier collects `collectPaise` at the door */
  cashOnDelivery: boolean;
  totalPaise: number;
  subtotalPaise: number;
  discountPaise: number;
  deliveryPaise: number;
  codFeePaise: number;
  email: string;
  phone: string;
  address: { name: string; address: string; city: string; state: string; postalCode: string };
  items: {
    title: string;
    sku: string;
    quantity: number;
    unitPricePaise: number;
    hsnCode: string | null;
  }[];
}

/** What a booking has made so far: each step's result, stored as it comes. */
export interface BookingProgress {
  courierOrderId: string | null;
  courierShipmentId: string | null;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
  pickupScheduledFor: string | null;
  label: Uint8Array | null;
}

/** One step's result, saved before the next step starts (so a retry never repeats a done step). */
export type BookingStep =
  | { step: 'created'; courierOrderId: string; courierShipmentId: string }
  | { step: 'awb'; awb: string; courierName: string }
  | { step: 'pickup'; scheduledFor: string | null }
  | { step: 'label'; pdf: Uint8Array };

/**
 * Why a courier did not do what was asked: 'refused' (it answered no: a bad address, no courier
 * for the PIN; 422 to staff) or 'unavailable' (it did not answer, failed, or refused our login:
 * 502). The message is the courier's own, for staff.
 */
export class CourierError extends Error {
  constructor(
    message: string,
    public readonly kind: 'refused' | 'unavailable',
  ) {
    super(message);
  }
}

/** A tracking event in the store's words; `status` null: an event that moves nothing here. */
export type TrackingStatus =
  'shipped' | 'out_for_delivery' | 'delivered' | 'rto_initiated' | 'rto_delivered';

export interface TrackingEvent {
  awb: string;
  status: TrackingStatus | null;
  /** when the courier recorded it; null when it did not say in a form we read */
  at: Date | null;
  /** the courier's own words ('IN TRANSIT'), shown to staff */
  rawStatus: string;
}

export interface Courier {
  readonly id: CourierId;
  /** its name to staff ('Shiprocket') */
  readonly label: string;
  /** its account's settings are all present */
  isConfigured(): boolean;
  /**
   * Books the order's parcel: whatever `progress` lacks, in order (create, AWB, pickup, label),
   * each result handed to `save` before the next call, so a failure part-way leaves what was made
   * stored and the next call continues from there. Throws CourierError.
   */
  bookShipment(
    order: OrderForCourier,
    progress: BookingProgress,
    save: (step: BookingStep) => Promise<void>,
  ): Promise<void>;
  /** The webhook's headers carry this account's token (compared in constant time). */
  verifyWebhook(headers: Record<string, string | string[] | undefined>): boolean;
  /** A verified webhook body as a tracking event; null when it is not one (no AWB). */
  parseTrackingEvent(body: unknown): TrackingEvent | null;
}
