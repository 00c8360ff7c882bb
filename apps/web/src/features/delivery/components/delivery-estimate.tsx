import { Truck } from 'lucide-react';
import { deliveryEstimateText, type PinLookup } from '@store/contracts/delivery';
import { cn } from '@store/ui/cn';

/** "Delivery by Thu, 27 Nov – Tue, 2 Dec to Bangalore, Karnataka", announced when it changes. */
export function DeliveryEstimate({
  lookup,
  className,
}: {
  lookup: PinLookup | undefined;
  className?: string;
}) {
  return (
    <p role="status" className={cn('flex items-start gap-2 text-sm', className)}>
      {lookup && (
        <>
          <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <span className="font-medium">{deliveryEstimateText(lookup.delivery)}</span>
            <span className="text-muted-foreground">
              {' '}
              to {lookup.district}, {lookup.state} ({lookup.pin})
            </span>
          </span>
        </>
      )}
    </p>
  );
}
