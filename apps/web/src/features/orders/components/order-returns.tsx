import { formatInr } from '@store/contracts/money';
import { returnStatusLabels } from '@store/contracts/return-rules';
import type { ShopperReturn } from '@store/contracts/returns';
import { formatIndianDateTime } from '@/lib/format-date';

/** The shopper's return requests on an order: state, items, the shop's answer, dates. */
export function OrderReturns({ returns }: { returns: ShopperReturn[] }) {
  if (returns.length === 0) return null;
  return (
    <section className="grid gap-3 text-sm" aria-label="Returns">
      <h3 className="font-sans text-sm font-semibold">Returns</h3>
      {returns.map((r) => (
        <article key={r.id} className="grid gap-1 rounded-lg border border-border p-3">
          <p className="font-medium">{returnStatusLabels[r.status] ?? r.status}</p>
          <p className="text-muted-foreground">
            {r.lines.map((l) => `${l.productTitle} × ${l.quantity}`).join(', ')}
          </p>
          {r.status === 'approved' && r.instructions && (
            <p>
              <span className="font-medium">How to send it back: </span>
              {r.instructions}
            </p>
          )}
          {r.status === 'rejected' && r.rejectionReason && (
            <p>
              <span className="font-medium">Reason: </span>
              {r.rejectionReason}
            </p>
          )}
          {r.refunded !== null && <p>Refunded {formatInr(r.refunded, 'exact')}</p>}
          <ol className="mt-1 grid gap-0.5 text-muted-foreground">
            {r.history.map((h) => (
              <li key={h.status} className="flex flex-wrap justify-between gap-x-4">
                <span>{returnStatusLabels[h.status]}</span>
                <time dateTime={h.at} className="tabular-nums">
                  {formatIndianDateTime(h.at) ?? h.at}
                </time>
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  );
}
