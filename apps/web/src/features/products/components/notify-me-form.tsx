import { useId, useState, type FormEvent } from 'react';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { FieldError, Label } from '@store/ui/label';
import { stockAlertMessages } from '@store/contracts/stock';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/state/session/use-session';
import { requestStockAlert } from '../api/request-stock-alert';

export interface NotifyMeFormProps {
  productId: string;
  size: string | undefined;
  color: string | undefined;
}

/** The words of a refusal: the field's own message first, then the server's sentence. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.fields?.email ?? error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * "Notify me" for the sold-out variant shown: a visitor types an e-mail, a signed-in shopper's
 * account e-mail is used (the server knows it; the page does not). Loaded only when a shopper opens
 * it on a sold-out product (product-route.tsx), so the product page's first view does not carry it.
 */
export function NotifyMeForm({ productId, size, color }: NotifyMeFormProps) {
  const { isLoggedIn } = useSession();
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      await requestStockAlert(productId, {
        ...(isLoggedIn ? {} : { email: email.trim() }),
        ...(size ? { size } : {}),
        ...(color ? { color } : {}),
      });
      setDone(true);
    } catch (err) {
      setError(refusalText(err));
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <p role="status" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm">
        {stockAlertMessages.saved}
      </p>
    );
  }
  return (
    <form
      aria-label="Notify me when it is back in stock"
      onSubmit={submit}
      noValidate
      className="grid gap-2 rounded-lg border border-border p-4"
    >
      {isLoggedIn ? (
        <p className="text-sm text-muted-foreground">
          We&apos;ll e-mail your account&apos;s address once when it is back in stock.
        </p>
      ) : (
        <>
          <Label htmlFor={emailId}>E-mail me when it is back in stock</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="you@example.com"
          />
        </>
      )}
      <FieldError id={errorId}>{error}</FieldError>
      <Button type="submit" disabled={sending} className="justify-self-start">
        {sending ? 'Sending…' : 'Notify me'}
      </Button>
    </form>
  );
}
