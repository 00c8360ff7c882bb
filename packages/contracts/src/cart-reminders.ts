import { z } from 'zod';

/**
 * The e-mail a signed-in shopper gets about a cart left behind (docs/decisions/server-carts.md):
 * one per cart, this many hours after its last change (a store setting; 0 sends none), with a
 * link to stop them that works without signing in.
 */
export const DEFAULT_CART_REMINDER_HOURS = 24;
/** The longest wait the settings take: a month; later than that a reminder is noise. */
export const CART_REMINDER_HOURS_LIMIT = 720;

/** POST /cart-reminders/unsubscribe and /cart-reminders/subscribe: the e-mailed link's token. */
export const cartReminderTokenBodySchema = z
  .object({ token: z.string().trim().min(1).max(2000) })
  .strict();

export const cartReminderStateResponseSchema = z.object({
  /** whether cart reminders are sent to this account now */
  subscribed: z.boolean(),
});

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Please use the link in your most recent e-mail.';
