import { Link } from 'react-router';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import { countOf } from '@store/contracts/text';
import { ReturnStatusBadge } from '@/components/return-status-badge';
import { formatDateTime } from '@/lib/format';

/**
 * The order's return requests: their state and items, each a link to its page in Returns, so the
 * owner answering a shopper about an order sees what is already being returned.
 */
export function OrderReturns({ returns }: { returns: NonNullable<AdminOrderDetail['returns']> }) {
  return (
    <ul className="grid gap-3 text-sm">
      {returns.map((r) => (
        <li key={r.id} className="rounded-md border border-border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              to={`/returns/${r.id}`}
              className="font-mono font-medium text-primary underline-offset-2 hover:underline"
            >
              Return {r.id}
            </Link>
            <ReturnStatusBadge status={r.status} />
          </div>
          <div className="text-muted-foreground">
            Requested {formatDateTime(r.createdAt)} ·{' '}
            {countOf(
              r.lines.reduce((s, l) => s + l.quantity, 0),
              'item',
            )}
          </div>
          <ul className="mt-1">
            {r.lines.map((l) => (
              <li key={l.orderItemId}>
                {l.productTitle} × {l.quantity}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
