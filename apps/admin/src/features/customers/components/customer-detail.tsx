import { countOf } from '@store/contracts/text';
import { Link } from 'react-router';
import { formatPaise } from '@store/contracts/money';
import { orderStatusLabel } from '@store/contracts/order-rules';
import { formatDate, formatDateTime } from '@/lib/format';
import type { AdminCustomer } from '../api/get-customer';

export function CustomerDetail({ customer }: { customer: AdminCustomer }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      <section aria-label="Details" className="rounded-lg border border-border bg-card p-4">
        <h2 className="mb-3 font-sans text-lg font-semibold">Details</h2>
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Email</dt>
            <dd>{customer.email}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Joined</dt>
            <dd>{formatDate(customer.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Orders</dt>
            <dd>{customer.orderCount}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Spent (paid orders)</dt>
            <dd>{formatPaise(customer.spentPaise)}</dd>
          </div>
        </dl>
      </section>
      <section aria-label="Orders" className="rounded-lg border border-border bg-card p-4">
        <h2 className="mb-3 font-sans text-lg font-semibold">Orders</h2>
        {customer.orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No orders yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {customer.orders.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap justify-between gap-2 border-t border-border pt-2"
              >
                <Link to={`/orders/${o.id}`} className="font-mono text-primary underline">
                  {o.id}
                </Link>
                <span>{formatDateTime(o.createdAt)}</span>
                <span>{countOf(o.itemCount, 'item')}</span>
                <span>{formatPaise(o.totalPaise)}</span>
                <span>{orderStatusLabel(o.status)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
