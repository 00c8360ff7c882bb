import { z } from 'zod';
import {
  LIST_CHANGES_MAX,
  LIST_CHECK_MAX,
  LIST_OPTION_MAX,
  LIST_PRODUCT_ID_MAX,
} from './list-changes';
import { ORDER_MAX_QUANTITY, WISHLIST_MAX_ITEMS } from './limits';

/**
 * A signed-in shopper's cart and wishlist, kept on the server (docs/decisions/server-carts.md):
 * GET /account/cart and POST /account/cart/changes, GET /account/wishlist and
 * POST /account/wishlist/changes. Every answer is the whole list as it is now, each line with the
 * product's current title, picture, price and stock. A visitor's lists stay in the browser; their
 * lines are checked with POST /cart/check and POST /wishlist/check.
 */

const productId = z.string().min(1).max(LIST_PRODUCT_ID_MAX);
const option = z.string().max(LIST_OPTION_MAX);
const quantity = z
  .number()
  .int()
  .min(1)
  .max(ORDER_MAX_QUANTITY, `At most ${ORDER_MAX_QUANTITY} of a product`);
const lineKey = { productId, size: option, color: option };

export const cartChangeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('merge'), ...lineKey, quantity }).strict(),
  z.object({ op: z.literal('set'), ...lineKey, quantity }).strict(),
  z.object({ op: z.literal('remove'), ...lineKey }).strict(),
]);

/** POST /account/cart/changes */
export const cartChangesBodySchema = z
  .object({ changes: z.array(cartChangeSchema).min(1).max(LIST_CHANGES_MAX) })
  .strict();
export type CartChangesBody = z.infer<typeof cartChangesBodySchema>;

/** POST /account/wishlist/changes */
export const wishlistChangesBodySchema = z
  .object({
    changes: z
      .array(z.object({ op: z.enum(['add', 'remove']), productId }).strict())
      .min(1)
      .max(LIST_CHANGES_MAX),
  })
  .strict();
export type WishlistChangesBody = z.infer<typeof wishlistChangesBodySchema>;

/**
 * What a line or saved product is now: as the product page says it (in stock, only N left, sold
 * out), or `unavailable` when the product was deleted or unpublished, or no longer offers the
 * line's size or colour. `left` is the count only while stock is low (contracts/stock.ts).
 */
export const listAvailabilitySchema = z.object({
  status: z.enum(['in_stock', 'low_stock', 'sold_out', 'unavailable']),
  left: z.number().int().nullable(),
});
export type ListAvailability = z.infer<typeof listAvailabilitySchema>;

export const cartLineViewSchema = z.object({
  productId: z.string(),
  /** '' where the product has no size (or none was chosen yet) */
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  /** the product's title now; for a deleted product, its title when the line was saved */
  title: z.string(),
  image: z.string(),
  /** the price a shopper pays now (rupees); 0 for a deleted product */
  price: z.number(),
  /** the product's sizes and colours when it offers several (the cart asks for a choice) */
  sizeOptions: z.array(z.string()),
  colorOptions: z.array(z.string()),
  availability: listAvailabilitySchema,
});
export type CartLineView = z.infer<typeof cartLineViewSchema>;

/** GET /account/cart, POST /account/cart/changes: the cart now; `version` grows with each change. */
export const accountCartResponseSchema = z.object({
  data: z.object({ version: z.number().int(), lines: z.array(cartLineViewSchema) }),
});
export type AccountCart = z.infer<typeof accountCartResponseSchema>['data'];

export const wishlistItemViewSchema = z.object({
  productId: z.string(),
  title: z.string(),
  image: z.string(),
  price: z.number(),
  availability: listAvailabilitySchema,
});
export type WishlistItemView = z.infer<typeof wishlistItemViewSchema>;

/** GET /account/wishlist, POST /account/wishlist/changes: oldest first. */
export const accountWishlistResponseSchema = z.object({
  data: z.object({ items: z.array(wishlistItemViewSchema) }),
});

/** POST /cart/check: a visitor's lines, answered in the same order with what each is now. */
export const cartCheckBodySchema = z
  .object({
    lines: z.array(z.object({ ...lineKey, quantity }).strict()).max(LIST_CHECK_MAX),
  })
  .strict();
export const cartCheckResponseSchema = z.object({ data: z.array(cartLineViewSchema) });

/** POST /wishlist/check: a visitor's saved products, answered in the same order. */
export const wishlistCheckBodySchema = z
  .object({ productIds: z.array(productId).max(WISHLIST_MAX_ITEMS) })
  .strict();
export const wishlistCheckResponseSchema = z.object({ data: z.array(wishlistItemViewSchema) });

/** POST /cart-reminders/unsubscribe and /cart-reminders/subscribe: the e-mailed link's token. */
export const cartReminderTokenBodySchema = z
  .object({ token: z.string().trim().min(1).max(2000) })
  .strict();

export const cartReminderStateResponseSchema = z.object({
  /** whether cart reminders are sent to this account now */
  subscribed: z.boolean(),
});
