import { orderHistoryLabels } from '@store/contracts/order-rules';
import type { OrderHistoryEntry } from '@store/contracts/orders';
import { formatIndianDateTime } from '@/lib/format-date';

/**
 * "Status history": each stage the order went through with its date and time in India's time,
 * folded away until asked for (a `details`, so it opens without script too).
 */
export function OrderStatusHistory({ history }: { history: OrderHistoryEntry[] }) {
  if (history.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold">Status history</summary>
      <ol className="mt-2 grid gap-1">
        {history.map((entry) => (
          <li key={entry.stage} className="flex flex-wrap justify-between gap-x-4">
            <span>{orderHistoryLabels[entry.stage] ?? entry.stage}</span>
            <time dateTime={entry.at} className="text-muted-foreground tabular-nums">
              {formatIndianDateTime(entry.at) ?? entry.at}
            </time>
          </li>
        ))}
      </ol>
    </details>
  );
}
