import { useQueryClient } from '@tanstack/react-query';
import type { CartQuote } from '@store/contracts/cart-quote';
import { isPinCode } from '@store/contracts/delivery';
import { cartToOrderLines, type CartLine } from '@/lib/cart-line';
import { cartQuoteKey, useCartQuote } from '../api/get-cart-quote';
import { setAppliedCoupon, useAppliedCoupon } from './applied-coupon';

export interface PricedCart {
  /** the server's latest quote of this cart (the previous one while a change is priced) */
  quote: CartQuote | undefined;
  /** a changed cart or code is being priced: the amounts shown are the last ones */
  updating: boolean;
  /** the code the shopper applied, whether or not it applies */
  applied: string | null;
  apply: (code: string) => void;
  remove: () => void;
  /** the code to send with POST /orders: only one the server said applies to this cart */
  couponForOrder: string | undefined;
  /** asks the server again (after an order was refused: a code may be used up now) */
  refresh: () => Promise<void>;
}

/**
 * The cart priced by the server, with the applied Coupon code: what the cart and the checkout
 * show, and what the checkout sends. `shipTo` once the checkout knows it (delivery may depend on it).
 */
export function usePricedCart(
  items: readonly CartLine[],
  shipTo?: { state?: string; postalCode?: string },
): PricedCart {
  const applied = useAppliedCoupon();
  const queryClient = useQueryClient();
  // a PIN only once it is whole: a half-typed one would price the cart again at every digit
  const pin = shipTo?.postalCode && isPinCode(shipTo.postalCode) ? shipTo.postalCode : undefined;
  const quote = useCartQuote(
    items.length === 0
      ? null
      : {
          lines: cartToOrderLines(items),
          ...(applied ? { couponCode: applied } : {}),
          ...(shipTo?.state || pin
            ? {
                shippingAddress: {
                  ...(shipTo?.state ? { state: shipTo.state } : {}),
                  ...(pin ? { postalCode: pin } : {}),
                },
              }
            : {}),
        },
  );
  const data = quote.data;
  return {
    quote: data,
    updating: quote.isFetching,
    applied,
    apply: (code) => setAppliedCoupon(code),
    remove: () => setAppliedCoupon(null),
    couponForOrder:
      applied && data?.coupon?.code === applied && data.coupon.applied ? applied : undefined,
    refresh: () => queryClient.invalidateQueries({ queryKey: cartQuoteKey }),
  };
}
