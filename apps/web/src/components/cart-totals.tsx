import type { CartQuote } from '@store/contracts/cart-quote';
import { codFeeLabel, needsPinLabel } from '@store/contracts/delivery-charges';
import type { AppliedOffer } from '@store/contracts/orders';
import { formatInr } from '@store/contracts/money';

export interface CartTotalsProps {
  /** the lines' price × quantity */
  subtotal: number;
  /** what the server's quote takes off (rupees); the Discount line shows when above 0 */
  discount?: number;
  /** the discounts applied, named under the Discount line */
  offers?: readonly AppliedOffer[];
  /**
   * the server's Delivery: what is paid for it after any Free delivery discount (rupees), whether
   * it waits for the PIN, and how much more would make it free; absent: nothing priced yet ("Free")
   */
  delivery?: Pick<CartQuote['delivery'], 'amount' | 'basis' | 'toFree'>;
  /** the cash-on-delivery fee (rupees); its line shows when above 0 */
  codFee?: number;
  /** the quote's total; absent: the subtotal (nothing priced by the server yet) */
  total?: number;
  itemCount?: number;
  /** a new quote is on its way: the amounts shown are the last ones */
  updating?: boolean;
}

/**
 * Subtotal, Discount, Delivery and Total, as the cart and the checkout summary show them. Every
 * amount but the subtotal is the server's (POST /cart/quote); the browser computes nothing.
 * Delivery that costs nothing keeps the spec's line, "Shipping: Free" (a store without rates
 * reads as it always has); a charge, or one that waits for the PIN, is the Delivery line
 * (docs/decisions/delivery-charges.md).
 */
export function CartTotals({
  subtotal,
  discount = 0,
  offers = [],
  delivery,
  codFee = 0,
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
      <DeliveryLine delivery={delivery} />
      {codFee > 0 && (
        <div className="flex justify-between" data-testid="cod-fee-line">
          <dt className="text-muted-foreground">{codFeeLabel}</dt>
          <dd className="tabular-nums">{formatInr(codFee)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-border pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatInr(total)}</dd>
      </div>
    </dl>
  );
}

function DeliveryLine({ delivery }: { delivery: CartTotalsProps['delivery'] }) {
  const needsPin = delivery?.basis === 'needsPin';
  const amount = delivery?.amount ?? 0;
  if (!needsPin && amount <= 0)
    return (
      <div className="flex justify-between" data-testid="delivery-line">
        <dt className="text-muted-foreground">Shipping</dt>
        <dd className="font-medium text-accent">Free</dd>
      </div>
    );
  const toFree = delivery?.toFree ?? 0;
  return (
    <div className="flex justify-between gap-4" data-testid="delivery-line">
      <dt className="text-muted-foreground">
        Delivery
        {toFree > 0 && (
          <span className="block text-xs">Add {formatInr(toFree)} more for free delivery</span>
        )}
      </dt>
      {needsPin ? (
        <dd className="text-right text-muted-foreground">{needsPinLabel}</dd>
      ) : (
        <dd className="tabular-nums">{formatInr(amount)}</dd>
      )}
    </div>
  );
}
