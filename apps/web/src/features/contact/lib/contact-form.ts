import { z } from 'zod';
import { emailPattern, messages } from '@store/contracts/common';

const requiredText = z.string().trim().min(1, messages.required);

/**
 * Section 2: all four fields required, the address an email. The inputs keep their native
 * required and type=email, which the browser checks first; this also refuses what those let
 * through (a name of spaces, an address without a dot after the @).
 */
export const contactFormSchema = z.object({
  name: requiredText,
  email: z.string().trim().regex(emailPattern, messages.invalidEmail),
  subject: requiredText,
  message: requiredText,
});

export const emptyContactForm: z.input<typeof contactFormSchema> = {
  name: '',
  email: '',
  subject: '',
  message: '',
};
