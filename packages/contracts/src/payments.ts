import { z } from 'zod';

export const paymentFieldTypes = [
  'text',
  'email',
  'password',
  'number',
  'tel',
  'textarea',
  'select',
  'checkbox',
] as const;

/** A field of the server-driven payment form (spec section 3). */
export const paymentFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  placeholder: z.string().optional(),
  description: z.string().optional(),
  type: z.enum(paymentFieldTypes),
  options: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  inline: z.boolean().optional(),
  mask: z.string().optional(),
  rules: z
    .object({
      required: z.boolean().optional(),
      minLength: z.number().int().optional(),
      maxLength: z.number().int().optional(),
      /** a regular expression, optionally written as /regex/flags */
      pattern: z.string().optional(),
    })
    .optional(),
  rulesMessages: z.array(z.string()).optional(),
  defaultValue: z.union([z.string(), z.boolean()]).optional(),
  /** shown only when at least one of these fields is non-blank (empty list: always shown) */
  showWhenFilled: z.array(z.string()).optional(),
  /**
   * Beyond the spec: shown only when each named field's value is one of its list, e.g. the payer's
   * UPI ID only for the UPI methods ({ method: ['upi_qr', 'upi_app'] }). A client that does not know
   * it shows the field as showWhenFilled says, which is what the store did before (harmless: the
   * value of a hidden field is never read).
   */
  showWhenValue: z.record(z.string(), z.array(z.string())).optional(),
});
export type PaymentField = z.infer<typeof paymentFieldSchema>;

export const paymentFieldsResponseSchema = z.array(paymentFieldSchema);

/** POST /payments */
export const paymentSubmitBodySchema = z.object({
  orderId: z.string().min(1).max(64),
  fields: z.record(z.string(), z.union([z.string().max(500), z.boolean()])),
});
export type PaymentSubmitBody = z.infer<typeof paymentSubmitBodySchema>;

export const paymentActionTypes = ['redirect_post', 'deeplink', 'qr'] as const;
export const paymentActionSchema = z.object({
  type: z.enum(paymentActionTypes),
  redirectUrl: z.string().optional(),
  formParams: z
    .object({ type: z.string(), url: z.string(), data: z.record(z.string(), z.string()) })
    .optional(),
  qr: z.string().optional(),
  qrBase64: z.string().optional(),
  /** a UPI QR or request stops being payable at this time (ISO); the page counts down to it */
  expiresAt: z.string().optional(),
  /** the payment attempt (our reference), so the page can ask for a new QR or show the outcome */
  paymentId: z.string().optional(),
  /**
   * Demo stores only: the sandbox's stand-in for the payer's UPI app, for this attempt. It carries
   * a short-lived token bound to the attempt, so only the order's owner (who gets this answer) can
   * approve or decline there. Absent in live mode, where the payer's bank settles UPI.
   */
  sandboxUrl: z.string().optional(),
});
export type PaymentAction = z.infer<typeof paymentActionSchema>;

export const paymentResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  redirectUrl: z.string().optional(),
  action: paymentActionSchema.optional(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** Answer to a provider's notification (webhook) once it was verified and applied. */
export const paymentNotificationResponseSchema = z.object({
  success: z.boolean(),
  /** absent when the event was ignored */
  orderId: z.string().optional(),
  paymentId: z.string().optional(),
  /** 'pending': the provider is still confirming (PayU pending); the order stays Pending */
  outcome: z.enum(['succeeded', 'failed', 'pending']).optional(),
  /** a signed event that moves no payment of this store (e.g. a refund event): acknowledged */
  ignored: z.boolean().optional(),
  /** the money arrived for an order that could not take it (already paid, cancelled): kept and owed back */
  needsRefund: z.boolean().optional(),
  /** this very event was applied before; nothing changed now */
  replayed: z.boolean().optional(),
});

/** GET /operator/payments/refunds: payments whose money the shop owes back (needs_refund). */
export const refundDueSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  provider: z.string(),
  method: z.string().nullable(),
  providerReference: z.string().nullable(),
  payerVpa: z.string().nullable(),
  amountPaise: z.number().int(),
  refundedPaise: z.number().int(),
  requestedPaise: z.number().int(),
  refundablePaise: z.number().int(),
  createdAt: z.coerce.date(),
});
export const refundsDueSchema = z.array(refundDueSchema);
export type RefundDueView = z.infer<typeof refundDueSchema>;

/** POST /operator/payments/:paymentId/refunds: rupees (at most 2 decimals) and the refund's reference. */
export const recordRefundBodySchema = z.strictObject({
  amount: z
    .number()
    .positive()
    .refine(
      (v) =>
        Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      {
        message: 'At most 2 decimals',
      },
    ),
  reference: z.string().trim().min(1).max(100),
});

export const recordedRefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  reference: z.string().nullable(),
  status: z.enum(['requested', 'succeeded', 'failed']),
  providerRefundId: z.string().nullable(),
  note: z.string().nullable(),
  existing: z.boolean(),
});
export type RecordedRefundView = z.infer<typeof recordedRefundSchema>;

/**
 * A payment link (the back office's New order, docs/decisions/back-office-new-order.md): the
 * storefront's /payment?orderId=… page with `#payToken=…`, sent back as this header on GET
 * /orders/:id and POST /payments. It opens that one order only, until the order's pay window ends.
 */
export const PAY_TOKEN_HEADER = 'x-pay-token';
export const payLinkMessages = {
  invalid: 'This payment link is not valid. Please ask the shop for a new one.',
  expired: 'This payment link has expired. Please ask the shop for a new one.',
  otherOrder: 'This payment link is for another order.',
} as const;

/**
 * The gateways that refund through their own API (the server's payment providers with refunds):
 * the back office asks them instead of recording a refund the shop made itself. Their names, for
 * "Refund asked of PayU".
 */
export const apiRefundProviders: Readonly<Record<string, string>> = {
  payu: 'PayU',
  razorpay: 'Razorpay',
  phonepe: 'PhonePe',
};

/** The gateway that refunds this payment through its API, or undefined (the shop pays it back). */
export const apiRefunderOf = (provider: string | undefined): string | undefined =>
  provider !== undefined && Object.hasOwn(apiRefundProviders, provider)
    ? apiRefundProviders[provider]
    : undefined;
