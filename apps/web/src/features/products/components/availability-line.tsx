import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { availabilityLabel, type Availability } from '@store/contracts/stock';
import { cn } from '@store/ui/cn';

const IN_STOCK = 'In stock';

const looks = {
  in_stock: { Icon: CircleCheck, tone: 'text-emerald-700' },
  low_stock: { Icon: TriangleAlert, tone: 'text-amber-800' },
  sold_out: { Icon: CircleX, tone: 'text-destructive' },
} as const;

/**
 * The product page's stock line beside the price: "In stock", "Only 3 left" or "Sold out" (the
 * contracts' words) for the size/colour chosen, else the product as a whole. Its id lets a
 * disabled Add to Cart name the reason (aria-describedby).
 */
export function AvailabilityLine({
  id,
  availability,
  className,
}: {
  id: string;
  availability: Availability;
  className?: string;
}) {
  const { Icon, tone } = looks[availability.status];
  return (
    <p
      data-stock={availability.status}
      className={cn('flex items-center gap-2 text-sm font-semibold', tone, className)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span id={id}>{availabilityLabel(availability) ?? IN_STOCK}</span>
    </p>
  );
}
