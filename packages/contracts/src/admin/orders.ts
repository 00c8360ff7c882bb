import { z } from 'zod';
import { carrierNames, normaliseTrackingNumber, trackingNumberProblem } from '../carriers';
import { orderStatusKeys } from '../order-rules';
import { codCodeReasons } from '../cod-codes';
import { codStatuses, orderDocumentSchema, orderSchema } from '../orders';
import { shopperReturnSchema } from '../returns';
import { adminPageQuery, optionalQueryText, pageOf, queryDate, rupeesInputSchema } from './common';

/** GET /admin/orders?q=&status=&from=&to=&page=&limit= (q: order id, e-mail or phone) */
export const adminOrderListQuerySchema = z.object({
  q: optionalQueryText(100),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(orderStatusKeys, { error: `Expected one of ${orderStatusKeys.join(', ')}` }).optional(),
  ),
  from: queryDate,
  to: queryDate,
  /** cash-on-delivery orders whose cash is to be collected, or was */
  cod: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(codStatuses, { error: `Expected one of ${codStatuses.join(', ')}` }).optional(),
  ),
  ...adminPageQuery,
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

export const paymentStateSchema = z.enum([
  'unpaid',
  'confirming',
  'paid',
  'refunded',
  'needs_refund',
]);

/** One row of the Orders table: Order, Placed, Customer, Items, Total, Payment, Status. */
export const adminOrderRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** units: the sum of the lines' quantities */
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
  payment: paymentStateSchema,
  status: z.number().int(),
  /** cash on delivery: to collect, collected; null for an order paid online */
  codStatus: z.enum(codStatuses).nullable().optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderListSchema = pageOf(adminOrderRowSchema);

export const adminPaymentAttemptSchema = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string().nullable(),
  status: z.string(),
  amountPaise: z.number().int(),
  providerReference: z.string().nullable(),
  payerVpa: z.string().nullable(),
  needsRefund: z.boolean(),
  refundedPaise: z.number().int(),
  createdAt: z.string(),
  refunds: z.array(
    z.object({
      id: z.string(),
      amountPaise: z.number().int(),
      reference: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** Notifications the payment providers sent about this order's attempts. */
export const adminPaymentNotificationSchema = z.object({
  provider: z.string(),
  eventId: z.string(),
  paymentId: z.string().nullable(),
  receivedAt: z.string(),
});

export const timelineEntrySchema = z.object({
  at: z.string(),
  /** e.g. 'Order placed', 'Marked shipped with India Post EE123456785IN' */
  text: z.string(),
  /** who did it: a staff e-mail, 'command line', 'system' or 'shopper' */
  actor: z.string(),
});

/** The order's actions that its status allows now (the buttons the page shows). */
export const orderActions = [
  'ship',
  'deliver',
  'cancel',
  'record_payment',
  'record_refund',
  'record_cod_collection',
  /** a Shipped cash-on-delivery order refused at the door: Cancelled, stock back, credit note */
  'return_undelivered',
  /** a cash-on-delivery order staff have not confirmed yet: it expires unless confirmed (fair stock) */
  'confirm_cod',
] as const;
export type OrderAction = (typeof orderActions)[number];

export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  updatedAt: z.string(),
  userId: z.string().nullable(),
  shippingAddress: orderSchema.shape.shippingAddress,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** when staff confirmed a cash-on-delivery order; null while unconfirmed or not COD */
  codConfirmedAt: z.string().nullable().optional(),
  /**
   * cash on delivery that checks first (contracts/cod-codes.ts): why the shopper was asked for a
   * code, whether they gave it, and how many codes were sent; null when no code was asked
   */
  codCode: z
    .object({
      reasons: z.array(z.enum(codCodeReasons)),
      confirmedAt: z.string().nullable(),
      sends: z.number().int(),
    })
    .nullable()
    .optional(),
  items: z.array(
    z.object({
      productId: z.string().nullable(),
      title: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      quantity: z.number().int(),
      unitPricePaise: z.number().int(),
      /** the line's share of the discounts; GST is on price × quantity − this */
      discountPaise: z.number().int().optional(),
    }),
  ),
  /** before discounts; the total is subtotal − discount + delivery + COD fee */
  subtotalPaise: z.number().int().optional(),
  discountPaise: z.number().int().optional(),
  deliveryPaise: z.number().int().optional(),
  /** the cash-on-delivery fee charged (0: none) */
  codFeePaise: z.number().int().optional(),
  couponCode: z.string().nullable().optional(),
  /** the discounts applied, as the shopper saw them: what each took off the goods and delivery */
  offers: z
    .array(
      z.object({
        code: z.string().nullable(),
        description: z.string(),
        goodsPaise: z.number().int(),
        deliveryPaise: z.number().int(),
      }),
    )
    .optional(),
  payments: z.array(adminPaymentAttemptSchema),
  notifications: z.array(adminPaymentNotificationSchema),
  timeline: z.array(timelineEntrySchema),
  /** internal notes (never shown to the shopper), oldest first: who wrote each and when */
  notes: z.array(timelineEntrySchema),
  actions: z.array(z.enum(orderActions)),
  /** what can still be refunded, summed over the paid attempts */
  refundablePaise: z.number().int(),
  /** the tax invoice and credit notes, oldest first (GET …/documents/{id}.pdf) */
  documents: z.array(orderDocumentSchema).optional(),
  /** the order's return requests, oldest first (each opens at /returns/{id} in the back office) */
  returns: z.array(shopperReturnSchema).optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** POST /admin/orders/:id/ship */
export const shipOrderBodySchema = z
  .object({
    carrier: z.enum(carrierNames, { error: 'Choose a carrier from the list' }),
    trackingNumber: z
      .string()
      .trim()
      .min(1, 'Enter the tracking number')
      .max(60)
      .transform(normaliseTrackingNumber),
  })
  .superRefine((v, ctx) => {
    const problem = trackingNumberProblem(v.carrier, v.trackingNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
  });
export type ShipOrderBody = z.input<typeof shipOrderBodySchema>;

/** POST /admin/orders/:id/cancel */
export const cancelOrderBodySchema = z.object({
  reason: z.string().trim().max(300).optional(),
});

/** A UPI reference (UTR): 12 digits. */
export const upiReferenceSchema = z
  .string()
  .trim()
  .regex(/^\d{12}$/, 'A UPI reference (UTR) is 12 digits');

/** POST /admin/orders/:id/notes: an internal note (the shopper never sees it). */
export const orderNoteBodySchema = z.object({
  text: z.string().trim().min(1, 'Write the note').max(1000, 'A note is at most 1000 characters'),
});
export type OrderNoteBody = z.infer<typeof orderNoteBodySchema>;

/** POST /admin/orders/:id/payments: a payment confirmed outside the gateways (the full total). */
export const recordPaymentBodySchema = z.object({
  reference: upiReferenceSchema,
  note: z.string().trim().max(300).optional(),
});

/** POST /admin/orders/:id/cod-collection: the cash of a cash-on-delivery order was collected. */
export const recordCodCollectionBodySchema = z.object({
  /** the courier's COD remittance or receipt number, when there is one */
  reference: z.string().trim().max(100).optional(),
  note: z.string().trim().max(300).optional(),
});
export type RecordCodCollectionBody = z.infer<typeof recordCodCollectionBodySchema>;

/** POST /admin/orders/:id/refunds */
export const recordOrderRefundBodySchema = z.object({
  paymentId: z.string().min(1, 'Choose the payment to refund').max(64),
  amount: rupeesInputSchema.refine((v) => v > 0, 'Enter an amount above ₹0'),
  reference: z.string().trim().min(1, 'Enter the refund reference').max(100),
  note: z.string().trim().max(300).optional(),
});
export type RecordOrderRefundBody = z.infer<typeof recordOrderRefundBodySchema>;

/** GET /admin/orders/export.csv: the Orders screen's filters, every matching order (no pages). */
export const adminOrderExportQuerySchema = adminOrderListQuerySchema.omit({
  page: true,
  limit: true,
});
export type AdminOrderExportQuery = z.output<typeof adminOrderExportQuerySchema>;

/** GET /admin/reports/gst.csv: tax documents issued from `from` to `to` (India's days, inclusive). */
export const gstSummaryQuerySchema = z.object({ from: queryDate, to: queryDate });
export type GstSummaryQuery = z.output<typeof gstSummaryQuerySchema>;

/** At most this many rows in one CSV export: more asks for a shorter date range. */
export const EXPORT_MAX_ROWS = 20_000;

/**
 * Where a parcel booked with a courier is, from its tracking (modules/shipping): forward only;
 * 'delivered' and 'rto_delivered' (back at the shop, returned undelivered) are final.
 */
export const shipmentStatuses = [
  'awaiting_pickup',
  'shipped',
  'out_for_delivery',
  'rto_initiated',
  'delivered',
  'rto_delivered',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

export const shipmentStatusLabel: Record<ShipmentStatus, string> = {
  awaiting_pickup: 'Awaiting pickup',
  shipped: 'In transit',
  out_for_delivery: 'Out for delivery',
  rto_initiated: 'Returning to the shop',
  delivered: 'Delivered',
  rto_delivered: 'Returned to the shop',
};

/** An order's parcel booked with a courier's API (Book shipment). */
export const adminShipmentSchema = z.object({
  /** the integration, e.g. 'shiprocket', and its name */
  courier: z.string(),
  courierLabel: z.string(),
  /** who carries it, as the courier named it ('Delhivery Surface'); null until the AWB */
  courierName: z.string().nullable(),
  awb: z.string().nullable(),
  status: z.enum(shipmentStatuses),
  /** the courier's words for the last tracking event and when it happened */
  lastEventStatus: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  pickupScheduledFor: z.string().nullable(),
  /** GET /admin/orders/{id}/shipment/label.pdf answers it */
  labelAvailable: z.boolean(),
  /** AWB, pickup and label all done; false: a booking stopped part-way (Book shipment continues it) */
  complete: z.boolean(),
  createdAt: z.string(),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;

/** GET and POST /admin/orders/{id}/shipment: the order's booked parcel and the couriers set up. */
export const adminOrderShipmentSchema = z.object({
  /** couriers whose accounts are configured on this server (empty: ship by hand only) */
  couriers: z.array(z.object({ id: z.string(), label: z.string() })),
  shipment: adminShipmentSchema.nullable(),
  /** Book shipment may be pressed now: a courier is set up, the order is Processing, not fully booked */
  canBook: z.boolean(),
});
export type AdminOrderShipment = z.infer<typeof adminOrderShipmentSchema>;

/** POST /admin/orders/{id}/shipment: with which courier (the only configured one when left out) */
export const bookShipmentBodySchema = z.strictObject({ courier: z.string().max(40).optional() });
export type BookShipmentBody = z.infer<typeof bookShipmentBodySchema>;
