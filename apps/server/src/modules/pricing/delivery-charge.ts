// The delivery charge: the one place an order's delivery price is decided (issue 26 item 3 plugs
// its rates in here). It is an input of the pricing step (price-order.ts), like the lines' prices:
// a Free delivery discount waives it, and the invoice charges GST on it as part of the goods.

import type { CreateOrderBody } from '@store/contracts/orders';

/** What a delivery rule may look at: where the parcel goes, what is in it, how it is paid. */
export interface DeliveryChargeInput {
  /** the ship-to PIN (six digits) and state, when the shopper has given them */
  shipTo: { postalCode: string | null; state: string | null };
  /** the order's lines as priced from the catalogue, before discounts */
  lines: readonly { productId: string; quantity: number; unitPricePaise: number }[];
  /** the goods' value before discounts, paise */
  subtotalPaise: number;
  paymentMethod: CreateOrderBody['paymentMethod'] | null;
}

/**
 * The delivery charge in paise, before any Free delivery discount. The store's delivery is free
 * everywhere today (the storefront shows "Shipping: Free"), so it is 0 for every parcel; a rate
 * table by zone, value and weight and a cash-on-delivery fee belong here.
 */
export function deliveryChargeFor(_input: DeliveryChargeInput): number {
  return 0;
}
