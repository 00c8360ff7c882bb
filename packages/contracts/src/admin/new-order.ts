import { z } from 'zod';
import { cartQuoteBodySchema } from '../cart-quote';
import { COUPON_INPUT_MAX } from '../discounts';
import { indianMobileSchema } from '../india';
import { ORDER_MAX_LINES } from '../limits';
import { savedAddressSchema } from '../addresses';
import { orderLineSchema, shippingAddressSchema } from '../orders';
import { productSchema } from '../products';
import { emailSchema, registerBodySchema } from '../users';
import { adminOrderDetailSchema } from './orders';

// The back office's New order (issue 27 item 7): an order taken by phone or WhatsApp, placed
// through the storefront's own createOrder, so stock, GST, discounts, delivery and cash on
// delivery follow the same rules (docs/decisions/back-office-new-order.md).

/** How the customer pays: cash to the courier, or a link e-mailed (and copied for WhatsApp). */
export const newOrderPayments = ['cod', 'link'] as const;
export type NewOrderPayment = (typeof newOrderPayments)[number];
export const newOrderPaymentLabel: Record<NewOrderPayment, string> = {
  cod: 'Cash on delivery',
  link: 'Payment link',
};

/** GET /admin/new-order/customers?q= (name, e-mail or mobile) */
export const newOrderCustomerQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });

/** An account to order for, with what the form prefills: their mobile and saved addresses. */
export const newOrderCustomerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** +91 and ten digits, or null when they never gave one */
  phone: z.string().nullable(),
  addresses: z.array(savedAddressSchema),
});
export type NewOrderCustomer = z.infer<typeof newOrderCustomerSchema>;
export const newOrderCustomerListSchema = z.object({ data: z.array(newOrderCustomerSchema) });

/** GET /admin/new-order/products?q= (title or SKU): active products with their sizes and colours */
export const newOrderProductQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });
export const newOrderProductListSchema = z.object({ data: z.array(productSchema) });

/** The customer: an existing account, or a new one (an e-mail already known is that account). */
export const newOrderCustomerInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('existing'), id: z.uuid() }).strict(),
  z
    .object({
      kind: z.literal('new'),
      firstName: registerBodySchema.shape.firstName,
      lastName: registerBodySchema.shape.lastName,
      email: emailSchema,
      mobile: indianMobileSchema,
    })
    .strict(),
]);
export type NewOrderCustomerInput = z.infer<typeof newOrderCustomerInputSchema>;

/** POST /admin/orders (Idempotency-Key: one per New order form, sent again on a retry) */
export const newOrderBodySchema = z
  .object({
    customer: newOrderCustomerInputSchema,
    lines: z
      .array(orderLineSchema.strict())
      .min(1, 'Add at least one product')
      .max(ORDER_MAX_LINES),
    shippingAddress: shippingAddressSchema.strict(),
    couponCode: z.string().max(COUPON_INPUT_MAX).optional(),
    payment: z.enum(newOrderPayments),
  })
  .strict();
export type NewOrderBody = z.infer<typeof newOrderBodySchema>;

export const newOrderResponseSchema = z.object({
  order: adminOrderDetailSchema,
  customer: z.object({
    id: z.string(),
    email: z.string(),
    /** a new account was made (and invited to set a password) */
    created: z.boolean(),
  }),
  /** Payment link: the address the customer pays at (also e-mailed); null for cash on delivery */
  payLink: z.string().nullable(),
  /** when the payment link stops working (the order's pay window); null for cash on delivery */
  payLinkExpiresAt: z.string().nullable(),
});
export type NewOrderResponse = z.infer<typeof newOrderResponseSchema>;

/** POST /admin/new-order/quote: the totals before placing, priced as POST /orders prices them. */
export const newOrderQuoteBodySchema = cartQuoteBodySchema
  .omit({ paymentMethod: true })
  .extend({
    /** an existing customer: their per-customer discount limits count */
    customerId: z.uuid().optional(),
    payment: z.enum(newOrderPayments),
  })
  .strict();
export type NewOrderQuoteBody = z.infer<typeof newOrderQuoteBodySchema>;
