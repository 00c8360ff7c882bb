import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatInr } from '@/lib/format';

export interface SummaryLine {
  key: string;
  name: string;
  quantity: number;
  price: number;
  details?: string;
}

export function OrderSummary({ lines, total }: { lines: readonly SummaryLine[]; total: number }) {
  return (
    <Card className="lg:sticky lg:top-24">
      <CardHeader>
        <CardTitle as="h2">Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Your cart is empty.{' '}
            <Link to="/products" className="text-primary underline underline-offset-4">
              Browse products
            </Link>
          </p>
        ) : (
          <ul className="grid gap-3">
            {lines.map((line) => (
              <li key={line.key} className="flex justify-between gap-4 text-sm">
                <span>
                  <span className="font-medium">{line.name}</span>
                  {line.details ? <span className="block text-xs text-muted-foreground">{line.details}</span> : null}
                  <span className="block text-xs text-muted-foreground">
                    {line.quantity} × {formatInr(line.price)}
                  </span>
                </span>
                <span className="font-medium tabular-nums">{formatInr(line.price * line.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="grid gap-2 border-t border-border pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="tabular-nums">{formatInr(total)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Shipping</dt>
            <dd className="font-medium text-accent">Free</dd>
          </div>
          <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatInr(total)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
