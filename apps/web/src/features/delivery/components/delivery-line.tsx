import { Truck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { cn } from '@store/ui/cn';
import { useLastPin } from '../lib/last-pin';
import { DELIVERY_PIN_INPUT_ID } from '../lib/delivery-pin-input';

// The answer for a PIN checked on an earlier visit (its look-up and the delivery rules): loaded
// only when there is one, so a first visit's product page does not load it (issue 25). The server
// knows no PIN: its HTML, and the hydrating render, show the prompt.
const RememberedPinEstimate = lazy(() => import('./remembered-pin-estimate'));

/**
 * The one-line delivery answer beside the price: "Delivery by Thu, 27 Nov to 560038" for the PIN
 * the shopper last checked (the same look-up, and cache entry, as the Check delivery box), else a
 * prompt that takes them to that box.
 */
export function DeliveryLine({ className }: { className?: string }) {
  const remembered = useLastPin().trim();

  // focusing the PIN box also scrolls it into view
  const goToCheck = () => document.getElementById(DELIVERY_PIN_INPUT_ID)?.focus();
  const prompt = (
    <button
      type="button"
      onClick={goToCheck}
      className="text-left font-medium text-primary underline-offset-4 hover:underline"
    >
      Check the delivery date for your PIN code
    </button>
  );
  // a remembered PIN answers in a moment: no prompt flashing before it
  const pending = <span className="text-muted-foreground">Checking delivery to {remembered}…</span>;

  return (
    // not a live region: the Check delivery box already announces a new estimate
    <p
      data-testid="delivery-line"
      className={cn('flex min-h-6 items-center gap-2 text-sm', className)}
    >
      <Truck aria-hidden="true" className="size-4 shrink-0 text-primary" />
      {remembered ? (
        <Suspense fallback={pending}>
          <RememberedPinEstimate remembered={remembered} prompt={prompt} pending={pending} />
        </Suspense>
      ) : (
        prompt
      )}
    </p>
  );
}
