import { z } from 'zod';
import { controlCharacters, messages, queryInt } from './common';
import { indianMobileSchema, indianStateSchema, pinCodeSchema } from './india';
import { ORDER_LIST_MAX, ORDER_MAX_LINES, ORDER_MAX_QUANTITY } from './limits';
import { COUPON_INPUT_MAX, discountKinds } from './discounts';
import { orderHistoryStages } from './order-rules';
import { shopperReturnSchema } from './returns';
import { COD_CODE_LENGTH, codCodeMessages } from './cod-codes';
import { paymentMethodIds } from './admin/settings';

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .max(max)
    .refine((v) => !controlCharacters.test(v), messages.controlCharacters);

/** A shipping address's fields in the order its forms show them (checkout, the address book). */
export const shippingAddressFieldNames = [
  'fullName',
  'address',
  'city',
  'state',
  'postalCode',
  'phone',
] as const;

export const shippingAddressSchema = z.object({
  fullName: requiredText(100),
  address: requiredText(300),
  city: requiredText(100),
  state: requiredText(100).pipe(indianStateSchema),
  // no length cap before the PIN rule: "560 038" is seven characters and a fine PIN
  postalCode: z.string().trim().min(1, messages.required).pipe(pinCodeSchema),
  phone: requiredText(20).pipe(indianMobileSchema),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** One cart line with the size and colour the shopper chose. */
export const orderLineSchema = z.object({
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(ORDER_MAX_QUANTITY),
  size: z.string().trim().min(1).max(50).optional(),
  color: z.string().trim().min(1).max(50).optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * POST /orders. Prices never come from the client: only product ids and quantities.
 * `products` (id -> quantity) is the spec's body; `lines` adds the chosen size and colour of each
 * cart line, so a shop knows which A5 or which colour to pack. When both are sent they must agree.
 */
export const createOrderBodySchema = z.object({
  products: z.record(z.string().min(1).max(64), z.number().int().min(1).max(ORDER_MAX_QUANTITY)),
  lines: z.array(orderLineSchema).max(ORDER_MAX_LINES).optional(),
  shippingAddress: shippingAddressSchema,
  /** checkout's "Save this address": kept in the shopper's address book with the order (once) */
  saveAddress: z.boolean().optional(),
  /**
   * How the shopper means to pay, when the checkout knows it already. Only 'cod' is acted on:
   * the store's cash-on-delivery rules (limit, PINs, on/off) are checked before the order is
   * written or any stock taken, so a refused order is never half made (400 cod_refused, the
   * message on `paymentMethod`). Payment itself still happens on the payment page. The ids are
   * the settings' list (admin/settings.ts, the one a new provider's method joins) and 'cod'.
   */
  paymentMethod: z.enum([...paymentMethodIds, 'cod']).optional(),
  /**
   * The Coupon code the shopper applied (any case, spaces ignored). The server prices the order
   * with it and the automatic offers; a code that does not apply is refused (409 coupon_refused,
   * the reason on `couponCode`), never silently dropped: the shopper saw its discount.
   */
  couponCode: z.string().max(COUPON_INPUT_MAX).optional(),
  /**
   * Checkout's "Send me order updates on WhatsApp/SMS" (unticked unless the shopper ticks it):
   * true records the consent on the order; absent (older clients) or false sends no order updates.
   */
  messagesConsent: z.boolean().optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  quantity: z.number().int(),
  /** unit price in rupees, copied at order time */
  price: z.number(),
  size: z.string().nullable().optional(),
  color: z.string().nullable().optional(),
  /**
   * The line's GST as charged at order time (the price includes it; docs/decisions/gst-invoices.md):
   * amounts in rupees, CGST + SGST inside the store's state, IGST elsewhere. Null on lines placed
   * before GST was recorded; absent on older responses.
   */
  gst: z
    .object({
      hsnCode: z.string(),
      ratePercent: z.number(),
      taxable: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
    })
    .nullable()
    .optional(),
  /** rupees this line's price was reduced by discounts (its share, to the paisa); 0 or absent: none */
  discount: z.number().optional(),
});

/** A discount an order (or a cart quote) got: the code's, or an automatic offer. */
export const appliedOfferSchema = z.object({
  /** the coupon code; null for an automatic offer */
  code: z.string().nullable(),
  /** its name, or what it gives ("10% off orders of ₹999 or more") */
  description: z.string(),
  kind: z.enum(discountKinds),
  /** rupees it saved: off the goods, plus the delivery charge it waived */
  amount: z.number(),
});
export type AppliedOffer = z.infer<typeof appliedOfferSchema>;

/** A cash-on-delivery order's money: to be collected at the door, then collected. */
export const codStatuses = ['to_collect', 'collected'] as const;
export type CodStatus = (typeof codStatuses)[number];

/** A tax invoice or credit note issued for an order (GET …/documents/{id}.pdf downloads it). */
export const orderDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  /** as printed, e.g. 'KK/26-27/000042' */
  number: z.string(),
  issuedAt: z.string(),
  /** the invoice's total, or what a credit note returns */
  totalPaise: z.number().int(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

/** One step of an order's status history: the stage and when (ISO). No names, no notes. */
export const orderHistoryEntrySchema = z.object({
  stage: z.enum(orderHistoryStages),
  at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  items: z.array(orderItemSchema),
  shippingAddress: z.object({
    fullName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    phone: z.string(),
  }),
  /** rupees: subtotal - discount + delivery + COD fee (the amount to pay) */
  total: z.number(),
  /** rupees: the lines' price × quantity, before discounts. Absent on older responses. */
  subtotal: z.number().optional(),
  /** rupees off the goods (the lines' shares added up); 0 without discounts */
  discount: z.number().optional(),
  /** rupees charged for delivery ("Free" when 0) */
  delivery: z.number().optional(),
  /** rupees: the cash-on-delivery fee, when the checkout chose cash on delivery; 0 or absent: none */
  codFee: z.number().optional(),
  /** the coupon code applied, as stored (upper case); null without one */
  couponCode: z.string().nullable().optional(),
  /** every discount applied: the code's and the automatic offers */
  offers: z.array(appliedOfferSchema).optional(),
  shippingMethod: z.string(),
  trackingNumber: z.string().nullable(),
  /** who carries a shipped order (contracts/carriers.ts), when the shop named one */
  carrier: z.string().nullable().optional(),
  /**
   * unpaid; confirming (the provider reported the payment as pending); paid; refunded (in full or
   * in part). Absent on older responses: treat as unknown.
   */
  paymentStatus: z.enum(['unpaid', 'confirming', 'paid', 'refunded']).optional(),
  /** an unpaid Pending order is cancelled at this time and its stock returns */
  payBy: z.string().nullable().optional(),
  /**
   * why a Cancelled order was cancelled: 'expired' (not paid in time), 'cod_unconfirmed',
   * 'operator' (the shop), 'returned' (refused at the door) or 'shopper' (Cancel order)
   */
  cancelReason: z.string().nullable().optional(),
  /** cash on delivery: 'to_collect' (pay on delivery) until the shop records the cash; null otherwise */
  codStatus: z.enum(codStatuses).nullable().optional(),
  /**
   * cash on delivery that checks first (contracts/cod-codes.ts), on the shopper's own order only:
   * a code was sent to `phone` (masked) and the order ships once `confirmed` (by the code, or by
   * staff after a call); absent or null when no code was asked for
   */
  codCode: z
    .object({
      phone: z.string(),
      confirmed: z.boolean(),
      /** the current code lapses then */
      expiresAt: z.string(),
      /** Send a new code works from then */
      resendAt: z.string(),
      sendsLeft: z.number().int(),
    })
    .nullable()
    .optional(),
  /** its tax invoice (issued once paid; cash on delivery: when shipped) and credit notes */
  documents: z.array(orderDocumentSchema).optional(),
  /** the status history with dates, oldest first (Placed, Paid, Processing, Shipped, …) */
  history: z.array(orderHistoryEntrySchema).optional(),
  /** a Delivered order: the last moment Request a return is taken (the store's window); else null */
  returnableUntil: z.string().nullable().optional(),
  /** the shopper's return requests on this order, oldest first */
  returns: z.array(shopperReturnSchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * GET /orders?page=&limit=: newest first. The body stays the spec's array; the headers say where
 * it sits: X-Total-Count, and Link rel="next" while more remain. Without parameters: the first
 * ORDER_LIST_MAX orders.
 */
export const orderListQuerySchema = z.object({
  page: queryInt(1, 100000, 1),
  limit: queryInt(1, ORDER_LIST_MAX, ORDER_LIST_MAX),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListResponseSchema = z.array(orderSchema);
export const createOrderResponseSchema = orderSchema;

export const orderParamsSchema = z.object({ orderId: z.string().min(1).max(64) });
/** GET /orders/{orderId}?contactInfo= : the order's email or phone. */
export const trackOrderQuerySchema = z.object({
  contactInfo: z.string().trim().max(254).optional(),
});

/** POST /orders/{orderId}/cod-code: the code sent to the shopper's phone */
export const codCodeBodySchema = z.object({
  code: z
    .string({ error: codCodeMessages.format })
    .trim()
    .regex(new RegExp(`^\\d{${COD_CODE_LENGTH}}$`), codCodeMessages.format),
});
export type CodCodeBody = z.infer<typeof codCodeBodySchema>;
