import { z } from 'zod';
import { emailSchema } from './users';

/** The longest size or colour name a stock row holds; longer is no variant of any product. */
const OPTION_MAX = 100;

const option = z.string().trim().max(OPTION_MAX).optional();

/**
 * POST /products/:id/stock-alerts: the e-mail to tell (a signed-in shopper may leave it out: their
 * account's is used) and the variant, as the stock rows name it (left out: the product has none).
 */
export const stockAlertBodySchema = z
  .object({
    email: emailSchema.optional(),
    size: option,
    color: option,
  })
  .strict();
export type StockAlertBody = z.infer<typeof stockAlertBodySchema>;

export const stockAlertResponseSchema = z.object({ message: z.string() });
export type StockAlertResponse = z.infer<typeof stockAlertResponseSchema>;
