import { Minus, Plus } from 'lucide-react';
import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { Button } from '@store/ui/button';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** names the product for screen readers */
  label: string;
  size?: 'sm' | 'default';
  /** highest value; an order takes at most this many of one product */
  max?: number;
}

/** − value + ; never below 1 nor above max. */
export function QuantityStepper({
  value,
  onChange,
  label,
  size = 'default',
  max = ORDER_MAX_QUANTITY,
}: QuantityStepperProps) {
  const buttonSize = size === 'sm' ? 'sm' : 'icon';
  return (
    <div
      className="inline-flex items-center rounded-md border border-border bg-card"
      role="group"
      aria-label={label}
    >
      <Button
        variant="ghost"
        size={buttonSize}
        aria-label="Decrease quantity"
        disabled={value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <span className="min-w-10 text-center font-semibold tabular-nums" aria-live="polite">
        <span className="sr-only">Quantity </span>
        {value}
      </span>
      <Button
        variant="ghost"
        size={buttonSize}
        aria-label="Increase quantity"
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
