// Stock words shared by the API and the storefront: plain constants and functions, no zod, so the
// product card (in the entry chunk) can use them.

/** At or below this many units a product says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockStatus = 'in_stock' | 'low_stock' | 'sold_out';

/** What a shopper may know about stock: the exact count only when it is low. */
export interface Availability {
  status: StockStatus;
  /** units left when low_stock, else null */
  left: number | null;
}

export function availabilityOf(onHand: number): Availability {
  if (onHand <= 0) return { status: 'sold_out', left: null };
  if (onHand <= LOW_STOCK_THRESHOLD) return { status: 'low_stock', left: onHand };
  return { status: 'in_stock', left: null };
}

export const stockMessages = {
  soldOut: 'Sold out',
  onlyLeft: (n: number) => `Only ${n} left`,
  /** the 409 of POST /orders for a short line */
  short: (title: string, left: number) =>
    left <= 0
      ? `${title} is sold out`
      : `Only ${left} of ${title} ${left === 1 ? 'is' : 'are'} left`,
} as const;

/** "Only 3 left", "Sold out", or null while plenty is in stock. */
export function availabilityLabel(a: Availability | undefined | null): string | null {
  if (!a) return null;
  if (a.status === 'sold_out') return stockMessages.soldOut;
  if (a.status === 'low_stock' && a.left !== null) return stockMessages.onlyLeft(a.left);
  return null;
}

/** "Notify me" (POST /products/:id/stock-alerts): the words the API and the product page share. */
export const stockAlertMessages = {
  /** the 409 when the product or variant can be bought now */
  inStock: 'This is in stock: add it to your cart',
  /** the answer, the same whether or not this e-mail had asked already */
  saved: "We'll e-mail you when it's back in stock.",
  /** the product has sizes or colours and none (or an unknown one) was chosen */
  chooseVariant: 'Choose a size and colour that this product has',
} as const;
