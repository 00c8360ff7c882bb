import { z } from 'zod';
import { queryInt } from './common';
import { orderSchema } from './orders';
import { orderStatusKeys } from './order-rules';

/*
 * The operator's order views (`npm run store -- orders` and `order <id> show`), served under
 * /api/v1/operator (hidden from the public docs) and read by the CLI. Unlike the shopper API, money
 * stays in integer paise and times in ISO strings: the CLI formats the same data whether it read
 * the database itself or asked the running server.
 */

export const OPERATOR_ORDERS_DEFAULT_LIMIT = 50;
export const OPERATOR_ORDERS_MAX_LIMIT = 500;

const limitMessage = `Expected a whole number from 1 to ${OPERATOR_ORDERS_MAX_LIMIT}`;

/**
 * GET /operator/orders query, and the CLI's `--status` / `--limit`: both arrive as strings, so one
 * schema checks them. Plain decimal digits only, like the public list queries.
 */
export const operatorOrderListQuerySchema = z.object({
  status: z
    .enum(orderStatusKeys, { error: `Expected one of ${orderStatusKeys.join(', ')}` })
    .optional(),
  limit: queryInt(1, OPERATOR_ORDERS_MAX_LIMIT, OPERATOR_ORDERS_DEFAULT_LIMIT, limitMessage),
});
export type OperatorOrderListQuery = z.output<typeof operatorOrderListQuerySchema>;

export const operatorOrderSummarySchema = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  totalPaise: z.number().int(),
  /** units to pack: the sum of the lines' quantities */
  itemCount: z.number().int(),
  contactEmail: z.string(),
  city: z.string(),
  postalCode: z.string(),
});
export type OperatorOrderSummary = z.infer<typeof operatorOrderSummarySchema>;
export const operatorOrderListSchema = z.array(operatorOrderSummarySchema);

export const operatorOrderDetailSchema = operatorOrderSummarySchema
  .pick({ id: true, status: true, createdAt: true, contactEmail: true, totalPaise: true })
  .extend({
    updatedAt: z.string(),
    trackingNumber: z.string().nullable(),
    /** 10 digits, no country code */
    contactPhone: z.string(),
    shippingAddress: orderSchema.shape.shippingAddress,
    items: z.array(
      z.object({
        quantity: z.number().int(),
        title: z.string(),
        size: z.string().nullable(),
        color: z.string().nullable(),
        unitPricePaise: z.number().int(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        provider: z.string(),
        method: z.string().nullable(),
        status: z.string(),
        amountPaise: z.number().int(),
        providerReference: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  });
export type OperatorOrderDetail = z.infer<typeof operatorOrderDetailSchema>;
