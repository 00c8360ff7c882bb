import { useState } from 'react';
import { Link } from 'react-router';
import type { NewOrderResponse } from '@store/contracts/admin/new-order';
import { formatInr } from '@store/contracts/money';
import { Button, buttonVariants } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';
import { formatDateTime } from '@/lib/format';

/** After Place order: the order, and the payment link to copy (for WhatsApp) when there is one. */
export function PlacedOrder({ placed }: { placed: NewOrderResponse }) {
  const [copied, setCopied] = useState(false);
  const { order, payLink, payLinkExpiresAt, customer } = placed;
  const copy = async () => {
    if (!payLink) return;
    await navigator.clipboard?.writeText(payLink).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section className="grid max-w-3xl gap-4 rounded-lg border border-border bg-card p-4">
      <h2 className="text-xl font-semibold">Order {order.id} placed</h2>
      <p className="text-sm">
        {formatInr(order.totalPaise / 100)} for {customer.email}.{' '}
        {customer.created
          ? 'A new account was made and an e-mail invites them to choose a password.'
          : null}
      </p>
      {payLink ? (
        <div className="grid gap-2">
          <Label htmlFor="pay-link">Payment link</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="pay-link"
              readOnly
              value={payLink}
              className="min-w-0 flex-1"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            E-mailed to {customer.email}; send it on WhatsApp too. It pays this order only
            {payLinkExpiresAt ? ` and works until ${formatDateTime(payLinkExpiresAt)}` : ''}.
          </p>
        </div>
      ) : (
        <p className="text-sm">Cash on delivery, confirmed: the courier collects the total.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={`/orders/${order.id}`} className={buttonVariants()}>
          Open the order
        </Link>
        <Link to="/orders" className={buttonVariants({ variant: 'outline' })}>
          Orders
        </Link>
      </div>
    </section>
  );
}
