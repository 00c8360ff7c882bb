import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTypedBeforeHydration } from '@/lib/typed-before-hydration';
import { isPinCode, normalizePin, pinCodeMessage } from '@store/contracts/delivery';
import { Button } from '@store/ui/button';
import { FormField } from '@store/ui/form-field';
import { Input } from '@store/ui/input';
import { usePincode } from '../api/get-pincode';
import { rememberPin, useLastPin } from '../lib/last-pin';
import { pinLookupErrorText } from '../lib/pin-lookup-text';
import { DeliveryEstimate } from './delivery-estimate';
import { DELIVERY_PIN_INPUT_ID, DELIVERY_PIN_PARAM, pinFromUrl } from '../lib/delivery-pin-input';

/**
 * The product page's "Check delivery": a PIN box and the estimate for it. The last PIN checked
 * is remembered, so the next product page answers at once.
 *
 * The form works before its code has arrived too (it is a part that hydrates after the page, and
 * on a slow phone the shopper may type and press Check first): it is a plain GET form, so the
 * browser asks for this page again with `?pin=`, which the server renders with the estimate
 * (app/route-queries.ts fetches it) and the box filled. Without that, the Check button of the
 * server's HTML submitted an empty form and the page came back with the PIN gone.
 */
export function DeliveryCheck() {
  const [searchParams] = useSearchParams();
  // the PIN the page was asked with (the form sent before hydration, or a shared link): it comes
  // before the remembered one, on the server and in the browser alike
  const fromUrl = pinFromUrl(searchParams);
  const remembered = useLastPin();
  const [typed, setTyped] = useState(fromUrl ?? remembered);
  // the PIN asked about: set on Check (and from the remembered one), not on every keystroke
  const [asked, setAsked] = useState(() => (isPinCode(typed) ? normalizePin(typed) : ''));
  // The remembered PIN fills the box once it is known: at once on a page the browser renders, right
  // after hydration on a server-rendered one (the server knows no PIN, and the first render must
  // match its HTML). Only once: a box the shopper cleared stays clear.
  const [filled, setFilled] = useState(fromUrl !== undefined || remembered !== '');
  if (!filled && remembered) {
    setFilled(true);
    setTyped(remembered);
    if (isPinCode(remembered)) setAsked(normalizePin(remembered));
  }
  // Typed into the server's box before this code arrived (a slow phone): the box keeps the text
  // through hydration but the state does not have it, so the state takes it at once, before the
  // remembered PIN could fill the box over it (the shopper's own typing wins).
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, typed, (early) => {
    setTyped(early);
    setFilled(true);
  });
  // a PIN checked through the URL is remembered like one checked here (after hydration: the
  // server keeps no PIN)
  useEffect(() => {
    if (fromUrl && isPinCode(fromUrl)) rememberPin(normalizePin(fromUrl));
  }, [fromUrl]);
  const [formatProblem, setFormatProblem] = useState(() =>
    fromUrl !== undefined && !isPinCode(fromUrl) ? pinCodeMessage : undefined,
  );
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
      <form method="get" noValidate onSubmit={check} className="flex flex-wrap items-start gap-2">
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
              ref={input}
              name={DELIVERY_PIN_PARAM}
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
