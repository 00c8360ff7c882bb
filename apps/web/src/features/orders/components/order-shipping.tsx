import type { OrderView } from '../lib/order-view';

/** Address, method and tracking of an order, as a definition list. */
export function OrderShipping({ shipping }: { shipping: OrderView['shipping'] }) {
  const rows = [
    ['Shipping address', shipping.address || 'Not available'],
    ['Shipping method', shipping.method],
    ['Tracking number', shipping.tracking],
  ] as const;
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
