import type { Availability } from '@store/contracts/stock';
import { availabilityLabel } from '@store/contracts/stock';
import { cn } from '@store/ui/cn';

/**
 * "Sold out" or "Only N left" (contracts' words, so the API and the shop agree), or nothing while
 * plenty is in stock. Its id lets a disabled Add to Cart name the reason (aria-describedby).
 */
export function StockNote({
  id,
  availability,
  className,
}: {
  id: string;
  availability: Availability;
  className?: string;
}) {
  const label = availabilityLabel(availability);
  if (!label) return null;
  return (
    <p
      id={id}
      data-stock={availability.status}
      className={cn(
        'text-sm font-semibold',
        availability.status === 'sold_out' ? 'text-destructive' : 'text-amber-800',
        className,
      )}
    >
      {label}
    </p>
  );
}
