import { z } from 'zod';
import { COUPON_INPUT_MAX, couponRefusals } from './discounts';
import { ORDER_MAX_LINES } from './limits';
import { appliedOfferSchema, createOrderBodySchema, orderLineSchema } from './orders';

/**
 * POST /cart/quote: what the cart would cost, priced by the server exactly as POST /orders will
 * price it (the same pricing step): the lines, an optional Coupon code, and where it goes when the
 * checkout knows (the delivery charge may depend on it). Anyone may ask (the cart is a visitor's
 * too); a signed-in shopper's per-customer limits are checked against their own orders.
 */
export const cartQuoteBodySchema = z
  .object({
    lines: z.array(orderLineSchema).max(ORDER_MAX_LINES),
    couponCode: z.string().max(COUPON_INPUT_MAX).optional(),
    shippingAddress: z
      .object({
        state: z.string().trim().max(100).optional(),
        postalCode: z.string().trim().max(20).optional(),
      })
      .strict()
      .optional(),
    paymentMethod: createOrderBodySchema.shape.paymentMethod,
  })
  .strict();
export type CartQuoteBody = z.infer<typeof cartQuoteBodySchema>;

/** One cart line as priced: rupees. `total` = `amount` − `discount`, never below 0. */
export const quoteLineSchema = z.object({
  productId: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
});

export const quoteCouponSchema = z.object({
  /** as the server reads it (upper case, no spaces) */
  code: z.string(),
  applied: z.boolean(),
  /** why not, when not applied */
  reason: z.enum(couponRefusals).nullable(),
  /** the sentence to show under the field ("This code needs an order of ₹999 or more") */
  message: z.string().nullable(),
});
export type QuoteCoupon = z.infer<typeof quoteCouponSchema>;

/** The answer: every amount in rupees, computed by the server; the browser only shows them. */
export const cartQuoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  /** products in the cart the shop no longer sells (left out of the totals) */
  unavailable: z.array(z.string()),
  subtotal: z.number(),
  /** off the goods */
  discount: z.number(),
  delivery: z.object({
    /** what delivery would cost */
    charge: z.number(),
    /** waived by a Free delivery discount */
    waived: z.number(),
    /** what the shopper pays for it: charge − waived ("Free" when 0; 0 while it needs a PIN) */
    amount: z.number(),
    /**
     * free: the store charges nothing; freeAbove: the order reached the free-delivery threshold;
     * rate: the zone's (or all of India's) charge; needsPin: the charge depends on the PIN, not
     * given yet ("Calculated from your PIN code"), and the total leaves it out
     */
    basis: z.enum(['free', 'freeAbove', 'rate', 'needsPin']),
    /** the rule's words: "Rest of India · 1.2 kg", "Free on orders from ₹999", … */
    label: z.string(),
    /** rupees more (after discounts) that would make delivery free; null when nothing would */
    toFree: z.number().nullable(),
  }),
  /** the cash-on-delivery fee, when the quote was asked for cash on delivery; 0: none */
  codFee: z.number(),
  /** the GST included in the total (prices are tax-inclusive); the back office's New order shows it */
  gst: z.number().optional(),
  total: z.number(),
  offers: z.array(appliedOfferSchema),
  coupon: quoteCouponSchema.nullable(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;
