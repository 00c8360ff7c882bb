// The e-mail a signed-in shopper gets about a cart left behind (docs/decisions/server-carts.md):
// one per cart, this many hours after its last change (a store setting; 0 sends none), with a link
// to stop them that works without signing in. Plain constants, no zod: the storefront's page that
// the link opens reads them. The API's schemas are in account-lists.ts.

export const DEFAULT_CART_REMINDER_HOURS = 24;
/** The longest wait the settings take: a month; later than that a reminder is noise. */
export const CART_REMINDER_HOURS_LIMIT = 720;

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Please use the link in your most recent e-mail.';
