import { z } from 'zod';
import { emailPattern, messages } from '@store/contracts/common';

/**
 * Spec section 5: the email is required and of email type, which the browser checks first (the
 * input keeps required and type=email); this also refuses an address without a dot after the @.
 */
export const newsletterFormSchema = z.object({
  email: z.string().trim().regex(emailPattern, messages.invalidEmail),
});
