import type { AppliedOffer } from '@store/contracts/orders';
import { formatInr } from '@store/contracts/money';

export interface CartTotalsProps {
  /** the lines' price × quantity */
  subtotal: number;
  /** what the server's quote takes off (rupees); the Discount line shows when above 0 */
  discount?: number;
  /** the discounts applied, named under the Discount line */
  offers?: readonly AppliedOffer[];
  /** the delivery charge after any Free delivery discount (rupees); 0 or absent: "Free" */
  delivery?: number;
  /** the quote's total; absent: the subtotal (nothing priced by the server yet) */
  total?: number;
  itemCount?: number;
  /** a new quote is on its way: the amounts shown are the last ones */
  updating?: boolean;
}

/**
 * Subtotal, Discount, Shipping and Total, as the cart and the checkout summary show them. Every
 * amount but the subtotal is the server's (POST /cart/quote); the browser computes nothing.
 */
export function CartTotals({
  subtotal,
  discount = 0,
  offers = [],
  delivery = 0,
  total = subtotal,
  itemCount,
  updating = false,
}: CartTotalsProps) {
  const named = offers.filter((o) => o.amount > 0 && o.kind !== 'free_delivery');
  return (
    <dl className="grid gap-3 text-sm" aria-busy={updating || undefined}>
      {itemCount !== undefined && (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Items</dt>
          <dd>{itemCount}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="tabular-nums">{formatInr(subtotal)}</dd>
      </div>
      {discount > 0 && (
        <div className="flex justify-between gap-4" data-testid="discount-line">
          <dt className="text-muted-foreground">
            Discount
            {named.map((o) => (
              <span key={`${o.code}-${o.description}`} className="block text-xs">
                {o.code ? `${o.code}: ` : ''}
                {o.description}
              </span>
            ))}
          </dt>
          <dd className="font-medium tabular-nums text-accent">−{formatInr(discount)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Shipping</dt>
        {delivery > 0 ? (
          <dd className="tabular-nums">{formatInr(delivery)}</dd>
        ) : (
          <dd className="font-medium text-accent">Free</dd>
        )}
      </div>
      <div className="flex justify-between border-t border-border pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatInr(total)}</dd>
      </div>
    </dl>
  );
}
