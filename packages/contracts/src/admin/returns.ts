import { z } from 'zod';
import { orderDocumentSchema } from '../orders';
import { returnStatuses } from '../return-rules';
import { returnStatusSchema } from '../returns';
import { adminPageQuery, pageOf, rupeesInputSchema } from './common';

/** GET /admin/returns?status=&page=&limit= : newest first */
export const adminReturnListQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(returnStatuses, { error: `Expected one of ${returnStatuses.join(', ')}` }).optional(),
  ),
  ...adminPageQuery,
});
export type AdminReturnListQuery = z.output<typeof adminReturnListQuerySchema>;

/** One row of the Returns table: Return, Order, Requested, Customer, Items, Value, Status. */
export const adminReturnRowSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  contactEmail: z.string(),
  /** units asked to return */
  itemCount: z.number().int(),
  /** what the returned units were paid for (their price less their share of the discounts) */
  valuePaise: z.number().int(),
  status: returnStatusSchema,
});
export type AdminReturnRow = z.infer<typeof adminReturnRowSchema>;
export const adminReturnListSchema = pageOf(adminReturnRowSchema);

export const returnActions = ['approve', 'reject', 'receive', 'refund'] as const;
export type ReturnAction = (typeof returnActions)[number];

export const adminReturnDetailSchema = adminReturnRowSchema.extend({
  reason: z.string(),
  photos: z.array(z.string()),
  instructions: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  lines: z.array(
    z.object({
      orderItemId: z.string(),
      title: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      quantity: z.number().int(),
      /** units of this line delivered */
      ordered: z.number().int(),
      valuePaise: z.number().int(),
    }),
  ),
  refundedPaise: z.number().int(),
  /** the order's payments that took money and what each can still refund */
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      method: z.string().nullable(),
      refundablePaise: z.number().int(),
    }),
  ),
  /** the order's credit notes (a refund's appears once it is settled) */
  creditNotes: z.array(orderDocumentSchema),
  history: z.array(z.object({ status: returnStatusSchema, at: z.string() })),
  actions: z.array(z.enum(returnActions)),
});
export type AdminReturnDetail = z.infer<typeof adminReturnDetailSchema>;

/** POST /admin/returns/{id}/approve */
export const approveReturnBodySchema = z.object({
  instructions: z
    .string()
    .trim()
    .min(1, 'Tell the shopper how to send the items back')
    .max(1000, 'At most 1000 characters'),
});
export type ApproveReturnBody = z.infer<typeof approveReturnBodySchema>;

/** POST /admin/returns/{id}/reject */
export const rejectReturnBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Tell the shopper why the return is rejected')
    .max(1000, 'At most 1000 characters'),
});
export type RejectReturnBody = z.infer<typeof rejectReturnBodySchema>;

/** POST /admin/returns/{id}/refund: all or part of what the returned items were paid for. */
export const refundReturnBodySchema = z.object({
  paymentId: z.string().min(1, 'Choose the payment to refund').max(64),
  amount: rupeesInputSchema.refine((v) => v > 0, 'Enter an amount above ₹0'),
  /** the bank or UPI reference of a refund made by hand; PayU's refund needs none */
  reference: z.string().trim().max(100).optional(),
});
export type RefundReturnBody = z.input<typeof refundReturnBodySchema>;
