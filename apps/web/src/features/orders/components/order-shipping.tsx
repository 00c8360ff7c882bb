import type { ReactNode } from 'react';
import type { OrderView } from '../lib/order-view';

/** Address, method, carrier and tracking of an order, as a definition list. */
export function OrderShipping({ shipping }: { shipping: OrderView['shipping'] }) {
  // the tracking number opens the carrier's own page in a new tab (without this page's context)
  const tracking: ReactNode = shipping.trackingUrl ? (
    <a
      href={shipping.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="underline underline-offset-2"
    >
      {shipping.tracking}
      <span className="sr-only"> (opens {shipping.carrier ?? 'the carrier'}’s tracking page)</span>
    </a>
  ) : (
    shipping.tracking
  );
  const rows: [string, ReactNode][] = [
    ['Shipping address', shipping.address || 'Not available'],
    ['Shipping method', shipping.method],
    ...(shipping.carrier ? [['Carrier', shipping.carrier] as [string, ReactNode]] : []),
    ['Tracking number', tracking],
  ];
  return (
    <dl className="grid gap-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
