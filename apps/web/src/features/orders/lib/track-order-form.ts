import { z } from 'zod';

/** Section 5, under the toast title 'Required fields'. */
export const trackOrderRequiredMessage = 'Please enter both order number and email/phone';

/**
 * The tracking form, both values trimmed. Needing both is one rule for the pair, set on the
 * form's root: a toast says it and no field is marked. Lengths are left to GET /orders/{id}
 * (contracts' orderParamsSchema and trackOrderQuerySchema), whose refusal reads like a wrong
 * order number, as it always has.
 */
export const trackOrderFormSchema = z
  .object({ orderId: z.string().trim(), contactInfo: z.string().trim() })
  .refine((values) => values.orderId !== '' && values.contactInfo !== '', {
    message: trackOrderRequiredMessage,
    path: ['root'],
  });

export type TrackOrderFormInput = z.input<typeof trackOrderFormSchema>;
export type TrackOrderFormValues = z.output<typeof trackOrderFormSchema>;
