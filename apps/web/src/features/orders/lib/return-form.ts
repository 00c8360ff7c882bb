import { z } from 'zod';
import { RETURN_REASON_MAX } from '@store/contracts/return-rules';
import { returnFormMessages } from '@store/contracts/returns';

/**
 * Request a return's form: units to return per order line (0: none), and why. The photos are
 * uploaded one by one as chosen, outside the form's values.
 */
export const returnFormSchema = z
  .object({
    quantities: z.array(z.number().int().min(0)),
    reason: z
      .string()
      .trim()
      .min(1, returnFormMessages.reason)
      .max(RETURN_REASON_MAX, `At most ${RETURN_REASON_MAX} characters`),
  })
  .refine((v) => v.quantities.some((q) => q > 0), {
    message: returnFormMessages.chooseItems,
    path: ['quantities'],
  });
export type ReturnFormValues = z.input<typeof returnFormSchema>;
