import { formatInr, sumRupees } from '@store/contracts/money';
import type { OrderView } from '../lib/order-view';
import { OrderTotals } from './order-totals';

/**
 * What was bought, line by line (name, size and colour, × quantity, the line's amount) and the
 * total, as a receipt reads: the amounts add up to the total.
 */
export function OrderReceipt({ order }: { order: OrderView }) {
  return (
    <div className="text-left">
      <h2 className="font-sans text-sm font-semibold">Items</h2>
      <ul className="mt-2 divide-y divide-border" aria-label={`Items of order ${order.id}`}>
        {order.items.map((item) => (
          <li key={item.id} className="flex items-baseline justify-between gap-4 py-2 text-sm">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {item.name}
              {item.variant && (
                <span className="text-muted-foreground"> ({item.variant})</span>
              )}{' '}
              <span className="whitespace-nowrap text-muted-foreground">× {item.quantity}</span>
              {item.quantity > 1 && (
                <span className="block text-xs text-muted-foreground">
                  {formatInr(item.price, 'exact')} each
                </span>
              )}
            </span>
            <span className="font-medium tabular-nums">
              {formatInr(sumRupees([item]), 'exact')}
            </span>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
    </div>
  );
}
