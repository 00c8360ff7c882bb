import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { QuoteCoupon } from '@store/contracts/cart-quote';
import { COUPON_INPUT_MAX, normalizeCouponCode } from '@store/contracts/discounts';
import type { AppliedOffer } from '@store/contracts/orders';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';

export const couponFieldMessages = {
  empty: 'Enter a coupon code',
} as const;

export interface CouponFieldProps {
  /** the code the shopper applied (contracts' normalised form), or null */
  applied: string | null;
  /** the server's verdict on the code of the latest quote (null: it had none) */
  verdict: QuoteCoupon | null | undefined;
  /** the offers the quote applied (the code's description comes from here) */
  offers: readonly AppliedOffer[];
  /** a quote is on its way (the Apply button waits) */
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * Coupon code and Apply. The server decides (POST /cart/quote): an applied code shows what it
 * gives and a Remove button; a code that does not apply stays in the field with the server's
 * reason under it ("This code needs an order of ₹999 or more"), and is asked about again as the
 * cart changes.
 */
export function CouponField({
  applied,
  verdict,
  offers,
  checking,
  onApply,
  onRemove,
}: CouponFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState(applied ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const accepted = applied !== null && verdict?.code === applied && verdict.applied;
  const refusal =
    applied !== null && verdict?.code === applied && !verdict.applied ? verdict.message : null;
  const message = problem ?? refusal;
  const description = offers.find((o) => o.code === applied)?.description;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCouponCode(typed);
    if (!code) {
      setProblem(couponFieldMessages.empty);
      return;
    }
    setProblem(null);
    onApply(code);
  };

  if (accepted)
    return (
      <div className="grid gap-1" data-testid="coupon">
        <p className="text-sm font-medium">Coupon code</p>
        <div
          role="status"
          className="flex items-center justify-between gap-2 rounded-md border border-accent/40 bg-accent/10 px-3 py-2 text-sm"
        >
          <span className="flex min-w-0 items-center gap-2">
            <Check aria-hidden="true" className="size-4 shrink-0 text-accent" />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-semibold">{applied}</span> applied
              {description ? <span className="text-muted-foreground">: {description}</span> : null}
            </span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setTyped('');
              onRemove();
            }}
          >
            <X aria-hidden="true" />
            Remove
            <span className="sr-only"> coupon {applied}</span>
          </Button>
        </div>
      </div>
    );

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" data-testid="coupon">
      <Label htmlFor={id}>Coupon code</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          maxLength={COUPON_INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="uppercase"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={checking}>
          {checking && applied !== null && verdict?.code !== applied ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </form>
  );
}
