import { CartTotals } from '@/components/cart-totals';
import type { PricedCart } from '../lib/use-priced-cart';
import { CouponField } from './coupon-field';

/**
 * The cart's money as the server prices it (Subtotal, Discount, Delivery, Total) and the Coupon
 * code field: the cart's Order Summary and the checkout's show the same.
 */
export function PricedTotals({
  priced,
  subtotal,
  itemCount,
}: {
  priced: PricedCart;
  /** the cart's own sum, shown until the first quote arrives */
  subtotal: number;
  itemCount?: number;
}) {
  const { quote } = priced;
  return (
    <div className="grid gap-5">
      <CartTotals
        subtotal={quote?.subtotal ?? subtotal}
        discount={quote?.discount}
        offers={quote?.offers}
        delivery={quote?.delivery}
        codFee={quote?.codFee}
        total={quote?.total ?? subtotal}
        itemCount={itemCount}
        updating={priced.updating}
      />
      <CouponField
        applied={priced.applied}
        verdict={quote?.coupon ?? null}
        offers={quote?.offers ?? []}
        checking={priced.updating}
        onApply={priced.apply}
        onRemove={priced.remove}
      />
    </div>
  );
}
