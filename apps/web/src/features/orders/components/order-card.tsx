import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { Card } from '@store/ui/card';
import { formatInr } from '@store/contracts/money';
import { formatOrderDate } from '../lib/order-format';
import { formatDateTime } from '@/lib/format-date';
import {
  canCancel,
  canPayCodOnline,
  canPayNow,
  canRequestReturn,
  type OrderView,
} from '../lib/order-view';
import { OrderReturns } from './order-returns';
import { RequestReturnDialog } from './request-return-dialog';
import { CancelOrderButton } from './cancel-order-button';
import { CodCodePanel } from './cod-code-panel';
import { OrderDocuments } from './order-documents';
import { OrderShipping } from './order-shipping';
import { OrderTotals } from './order-totals';
import { OrderStatusBadge } from './order-status-badge';
import { OrderStatusNote } from './order-status-note';
import { OrderStatusHistory } from './order-status-history';
import { paths } from '@/lib/paths';

export function OrderCard({ order }: { order: OrderView }) {
  return (
    <Card className="overflow-hidden">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-muted/50 px-5 py-4">
        <div>
          <h2 className="text-lg font-semibold">Order #{order.id}</h2>
          <p className="text-sm text-muted-foreground">Placed on {formatOrderDate(order.date)}</p>
        </div>
        {/* beside the title, ends aligned; wrapped under it on a phone, starts aligned */}
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <OrderStatusBadge status={order.status} />
          <OrderStatusNote order={order} />
        </div>
      </header>
      {/* the one thing the shopper must do first (the code), or may (pay now): above the lines */}
      {canPayCodOnline(order) ? (
        <div className="border-b border-border px-5 py-4">
          <CodCodePanel order={order} />
        </div>
      ) : null}
      <div className="grid gap-6 p-5 md:grid-cols-[1fr_16rem]">
        <div>
          <h3 className="mb-2 font-sans text-sm font-semibold">Items</h3>
          <ul className="divide-y divide-border">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-baseline justify-between gap-4 py-2 text-sm">
                <span>
                  {item.name}
                  {item.variant && (
                    <span className="text-muted-foreground"> ({item.variant})</span>
                  )}{' '}
                  <span className="text-muted-foreground">× {item.quantity}</span>
                </span>
                <span className="font-medium tabular-nums">{formatInr(item.price, 'exact')}</span>
              </li>
            ))}
          </ul>
          <OrderTotals order={order} />
        </div>
        <OrderShipping shipping={order.shipping} />
      </div>
      {order.returns.length > 0 ? (
        <div className="border-t border-border px-5 py-4">
          <OrderReturns returns={order.returns} />
        </div>
      ) : null}
      {order.history.length > 0 ? (
        <div className="border-t border-border px-5 py-4">
          <OrderStatusHistory history={order.history} />
        </div>
      ) : null}
      {order.documents.length > 0 ? (
        <div className="border-t border-border px-5 py-4">
          <OrderDocuments orderId={order.id} documents={order.documents} />
        </div>
      ) : null}
      {canPayNow(order) || canCancel(order) || canRequestReturn(order) ? (
        <footer className="flex flex-wrap items-center justify-end gap-4 border-t border-border px-5 py-4">
          {canPayNow(order) && formatDateTime(order.payBy) && (
            <p className="text-sm text-muted-foreground">Pay by {formatDateTime(order.payBy)}</p>
          )}
          {canCancel(order) && <CancelOrderButton order={order} />}
          {canRequestReturn(order) && <RequestReturnDialog order={order} />}
          {canPayNow(order) && (
            <Link to={paths.payment(order.id)} className={buttonVariants()}>
              <CreditCard aria-hidden="true" />
              Pay Now
            </Link>
          )}
        </footer>
      ) : null}
    </Card>
  );
}
