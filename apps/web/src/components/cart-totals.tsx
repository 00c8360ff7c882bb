import { formatInr } from '@store/contracts/money';

/** Subtotal, free shipping and total, as the cart and the checkout summary both show them. */
export function CartTotals({ total, itemCount }: { total: number; itemCount?: number }) {
  return (
    <dl className="grid gap-3 text-sm">
      {itemCount !== undefined && (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Items</dt>
          <dd>{itemCount}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="tabular-nums">{formatInr(total)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Shipping</dt>
        <dd className="font-medium text-accent">Free</dd>
      </div>
      <div className="flex justify-between border-t border-border pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatInr(total)}</dd>
      </div>
    </dl>
  );
}
