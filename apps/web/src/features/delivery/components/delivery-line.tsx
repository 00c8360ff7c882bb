import { Truck } from 'lucide-react';
import { deliveryEstimateText, isPinCode, normalizePin } from '@store/contracts/delivery';
import { cn } from '@store/ui/cn';
import { usePincode } from '../api/get-pincode';
import { useLastPin } from '../lib/last-pin';
import { DELIVERY_PIN_INPUT_ID } from '../lib/delivery-pin-input';

/**
 * The one-line delivery answer beside the price: "Delivery by Thu, 27 Nov to 560038" for the PIN
 * the shopper last checked (the same look-up, and cache entry, as the Check delivery box), else a
 * prompt that takes them to that box.
 */
export function DeliveryLine({ className }: { className?: string }) {
  const remembered = useLastPin();
  const pin = isPinCode(remembered) ? normalizePin(remembered) : '';
  const lookup = usePincode(pin);
  const estimate = pin && !lookup.isError ? lookup.data?.delivery : undefined;

  // focusing the PIN box also scrolls it into view
  const goToCheck = () => document.getElementById(DELIVERY_PIN_INPUT_ID)?.focus();

  return (
    // not a live region: the Check delivery box already announces a new estimate
    <p
      data-testid="delivery-line"
      className={cn('flex min-h-6 items-center gap-2 text-sm', className)}
    >
      <Truck aria-hidden="true" className="size-4 shrink-0 text-primary" />
      {estimate ? (
        <span>
          <span className="font-medium">{deliveryEstimateText(estimate)}</span> to {pin}
        </span>
      ) : pin && lookup.isPending ? (
        // a remembered PIN answers in a moment: no prompt flashing before it
        <span className="text-muted-foreground">Checking delivery to {pin}…</span>
      ) : (
        <button
          type="button"
          onClick={goToCheck}
          className="text-left font-medium text-primary underline-offset-4 hover:underline"
        >
          Check the delivery date for your PIN code
        </button>
      )}
    </p>
  );
}
