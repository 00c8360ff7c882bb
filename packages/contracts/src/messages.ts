// The contact form and the newsletter (docs/decisions/messages-and-owner-notices.md): the spec's
// forms, which now deliver. The storefront's forms and the server share these limits and words.
import { z } from 'zod';
import { controlCharacters, EMAIL_MAX, messages } from './common';
import { emailSchema } from './users';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** Text a person typed on one line: trimmed, required, bounded, no control characters. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .max(max, `At most ${max} characters`)
    .refine((value) => !controlCharacters.test(value), messages.controlCharacters);

/**
 * The honeypot: a field people never see (a bot fills every field it finds). A filled one is
 * answered like any other sending, and nothing is kept or sent.
 */
export const HONEYPOT_FIELD = 'website';
const honeypot = z.string().max(EMAIL_MAX).optional();

/** POST /contact */
export const contactBodySchema = z.object({
  name: line(CONTACT_NAME_MAX),
  email: emailSchema,
  subject: line(CONTACT_SUBJECT_MAX),
  // a message has lines; only the other control characters are refused
  message: z
    .string()
    .trim()
    .min(1, messages.required)
    .max(CONTACT_MESSAGE_MAX, `At most ${CONTACT_MESSAGE_MAX} characters`)
    .refine(
      (value) => !controlCharacters.test(value.replace(/[\r\n\t]/g, ' ')),
      messages.controlCharacters,
    ),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** POST /newsletter */
export const newsletterBodySchema = z.object({
  email: emailSchema,
  [HONEYPOT_FIELD]: honeypot,
});
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;

/** Both forms' answer: the same whether or not the address was known (it tells nothing). */
export const messageReceivedResponseSchema = z.object({ received: z.literal(true) });

/** POST /newsletter/confirm and /newsletter/unsubscribe: the e-mailed link's signed token. */
export const newsletterTokenBodySchema = z.object({ token: z.string().min(1).max(2000) });
export const newsletterStateResponseSchema = z.object({ subscribed: z.boolean() });
export type NewsletterStateResponse = z.infer<typeof newsletterStateResponseSchema>;

export const INVALID_NEWSLETTER_LINK =
  'This newsletter link is not valid. Please use the link in your most recent e-mail.';
