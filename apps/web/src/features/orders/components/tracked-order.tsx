import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { formatInr } from '@store/contracts/money';
import { formatOrderDate } from '../lib/order-format';
import type { OrderView } from '../lib/order-view';
import { OrderDocuments } from './order-documents';
import { OrderReturns } from './order-returns';
import { OrderShipping } from './order-shipping';
import { OrderStatusBadge } from './order-status-badge';
import { OrderStatusNote } from './order-status-note';
import { OrderStatusHistory } from './order-status-history';
import { OrderTotals } from './order-totals';

/**
 * The tracking result: id, date, status, shipping, its returns (as My Orders shows them), an items
 * table and the tax documents (fetched with the same contact the visitor looked the order up with).
 */
export function TrackedOrder({ order, contactInfo }: { order: OrderView; contactInfo?: string }) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">Order #{order.id}</CardTitle>
          <p className="text-sm text-muted-foreground">Placed on {formatOrderDate(order.date)}</p>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status:</span>
          <OrderStatusBadge status={order.status} />
          <OrderStatusNote order={order} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <OrderShipping shipping={order.shipping} />
        <OrderStatusHistory history={order.history} />
        <OrderReturns returns={order.returns} />
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-semibold">Items</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Item
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-4">
                    {item.name}
                    {item.variant && (
                      <span className="text-muted-foreground"> ({item.variant})</span>
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{item.quantity}</td>
                  <td className="py-2 text-right tabular-nums">{formatInr(item.price, 'exact')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <OrderTotals order={order} />
        </div>
        <OrderDocuments orderId={order.id} documents={order.documents} contactInfo={contactInfo} />
      </CardContent>
    </Card>
  );
}
