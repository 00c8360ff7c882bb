import { useState, type FormEvent } from 'react';
import { isPinCode, normalizePin, pinCodeMessage } from '@store/contracts/delivery';
import { Button } from '@store/ui/button';
import { FormField } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { usePincode } from '../api/get-pincode';
import { rememberPin, useLastPin } from '../lib/last-pin';
import { pinLookupErrorText } from '../lib/pin-lookup-text';
import { DeliveryEstimate } from './delivery-estimate';
import { DELIVERY_PIN_INPUT_ID } from '../lib/delivery-pin-input';

/**
 * The product page's "Check delivery": a PIN box and the estimate for it. The last PIN checked
 * is remembered, so the next product page answers at once.
 */
export function DeliveryCheck() {
  const remembered = useLastPin();
  const [typed, setTyped] = useState(remembered);
  // the PIN asked about: set on Check (and from the remembered one), not on every keystroke
  const [asked, setAsked] = useState(() => (isPinCode(typed) ? normalizePin(typed) : ''));
  // The remembered PIN fills the box once it is known: at once on a page the browser renders, right
  // after hydration on a server-rendered one (the server knows no PIN, and the first render must
  // match its HTML). Only once: a box the shopper cleared stays clear.
  const [filledFrom, setFilledFrom] = useState(remembered);
  if (!filledFrom && remembered) {
    setFilledFrom(remembered);
    setTyped(remembered);
    if (isPinCode(remembered)) setAsked(normalizePin(remembered));
  }
  const [formatProblem, setFormatProblem] = useState<string>();
  const lookup = usePincode(asked);

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPinCode(typed)) {
      setFormatProblem(pinCodeMessage);
      return;
    }
    const pin = normalizePin(typed);
    setFormatProblem(undefined);
    setAsked(pin);
    rememberPin(pin);
  };

  const error =
    formatProblem ?? (asked && lookup.isError ? pinLookupErrorText(lookup.error) : undefined);
  return (
    <section
      aria-labelledby="delivery-check-heading"
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
    >
      <h2 id="delivery-check-heading" className="text-base font-semibold">
        Check delivery
      </h2>
      <form noValidate onSubmit={check} className="flex flex-wrap items-start gap-2">
        <FormField
          id={DELIVERY_PIN_INPUT_ID}
          label="PIN code"
          labelClassName="sr-only"
          error={error}
          className="min-w-0 flex-1"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
              placeholder="Enter PIN code"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={lookup.isFetching}>
          {lookup.isFetching ? 'Checking...' : 'Check'}
        </Button>
      </form>
      <DeliveryEstimate lookup={!error && asked ? lookup.data : undefined} />
    </section>
  );
}
