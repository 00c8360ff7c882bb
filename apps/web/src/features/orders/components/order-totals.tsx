import { codFeeLabel } from '@store/contracts/delivery-charges';
import { formatInr } from '@store/contracts/money';
import type { OrderView } from '../lib/order-view';

/**
 * An order's money under its items: Subtotal and Discount when a discount applied, Delivery
 * ("Free" when nothing was charged), the Cash on delivery fee when one was charged, and the Total,
 * which is subtotal − discount + delivery + fee.
 */
export function OrderTotals({ order }: { order: OrderView }) {
  const row = 'flex justify-between gap-4';
  return (
    <dl className="mt-3 grid gap-1 border-t border-border pt-3 text-sm">
      {order.discount > 0 && (
        <>
          <div className={row}>
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="tabular-nums">{formatInr(order.subtotal, 'exact')}</dd>
          </div>
          <div className={row}>
            <dt className="text-muted-foreground">
              Discount
              {order.discountLabels.map((label) => (
                <span key={label} className="block text-xs">
                  {label}
                </span>
              ))}
            </dt>
            <dd className="tabular-nums">−{formatInr(order.discount, 'exact')}</dd>
          </div>
        </>
      )}
      <div className={row}>
        <dt className="text-muted-foreground">Delivery</dt>
        <dd className="tabular-nums">
          {order.delivery > 0 ? formatInr(order.delivery, 'exact') : 'Free'}
        </dd>
      </div>
      {order.codFee > 0 && (
        <div className={row}>
          <dt className="text-muted-foreground">{codFeeLabel}</dt>
          <dd className="tabular-nums">{formatInr(order.codFee, 'exact')}</dd>
        </div>
      )}
      <div className={`${row} text-base font-semibold`}>
        <dt>Total</dt>
        <dd className="tabular-nums">{formatInr(order.total, 'exact')}</dd>
      </div>
    </dl>
  );
}
