import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import type { ReactNode } from 'react';
import { formatInr, sumRupees } from '@store/contracts/money';
import { paths } from '@/lib/paths';

export interface SummaryLine {
  key: string;
  name: string;
  quantity: number;
  price: number;
  details?: string;
  /** why the server refused this line (stock, a size to choose) */
  problem?: string;
}

/** The lines, then `totals`: the route gives the server's quote and the Coupon code field. */
export function OrderSummary({
  lines,
  totals,
}: {
  lines: readonly SummaryLine[];
  totals: ReactNode;
}) {
  return (
    // a landmark, as the cart's summary is: screen readers jump to it
    <Card
      role="complementary"
      aria-labelledby="checkout-summary-heading"
      className="lg:sticky lg:top-24"
    >
      <CardHeader>
        <CardTitle as="h2" id="checkout-summary-heading">
          Order Summary
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Your cart is empty.{' '}
            <Link to={paths.products()} className="text-primary underline underline-offset-4">
              Browse products
            </Link>
          </p>
        ) : (
          <ul className="grid gap-3">
            {lines.map((line) => (
              <li key={line.key} className="flex justify-between gap-4 text-sm">
                <span>
                  <span className="font-medium">{line.name}</span>
                  {line.details ? (
                    <span className="block text-xs text-muted-foreground">{line.details}</span>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">
                    {line.quantity} × {formatInr(line.price)}
                  </span>
                  {line.problem ? (
                    <span className="block text-xs font-semibold text-destructive">
                      {line.problem}
                    </span>
                  ) : null}
                </span>
                <span className="font-medium tabular-nums">{formatInr(sumRupees([line]))}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-border pt-4">{totals}</div>
      </CardContent>
    </Card>
  );
}
