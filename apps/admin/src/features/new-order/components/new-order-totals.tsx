import type { CartQuote } from '@store/contracts/cart-quote';
import { formatInr } from '@store/contracts/money';
import { errorMessage } from '@/lib/api-client';

/**
 * The totals before placing, as the server prices them (the storefront cart's quote): nothing is
 * added up here, so what staff read out on the phone is what the order charges.
 */
export function NewOrderTotals({
  quote,
  loading,
  error,
}: {
  quote: CartQuote | undefined;
  loading: boolean;
  error: unknown;
}) {
  if (error) return <p className="text-sm text-destructive">{errorMessage(error)}</p>;
  if (!quote)
    return <p className="text-sm text-muted-foreground">Add a product to see the totals.</p>;
  const rows: [string, string][] = [
    ['Subtotal', formatInr(quote.subtotal)],
    ['Discount', quote.discount > 0 ? `−${formatInr(quote.discount)}` : formatInr(0)],
    [
      'Delivery',
      quote.delivery.basis === 'needsPin'
        ? quote.delivery.label
        : quote.delivery.amount > 0
          ? formatInr(quote.delivery.amount)
          : 'Free',
    ],
    ['COD fee', formatInr(quote.codFee)],
    ['GST (included)', formatInr(quote.gst ?? 0)],
  ];
  return (
    <div aria-busy={loading} aria-label="Totals" role="region" className="grid gap-1 text-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="new-order-total">
          {formatInr(quote.total)}
        </dd>
      </dl>
      {quote.coupon && !quote.coupon.applied && quote.coupon.message ? (
        <p className="text-destructive">{quote.coupon.message}</p>
      ) : null}
      {quote.offers.map((o) => (
        <p key={`${o.code ?? ''}${o.description}`} className="text-muted-foreground">
          {o.code ? `${o.code}: ` : ''}
          {o.description} (−{formatInr(o.amount)})
        </p>
      ))}
    </div>
  );
}
