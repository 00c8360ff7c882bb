import { cn } from '@store/ui/cn';
import { soldOutOptions, type ProductView } from '../lib/product-view';

interface OptionPickerProps {
  legend: string;
  name: string;
  options: string[];
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string;
  /** options marked as sold out: still choosable (another colour may have it), never addable */
  soldOut?: readonly string[];
}

/** A radio group drawn as chips: arrow keys move between options, the legend labels the group. */
export function OptionPicker({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  soldOut = [],
}: OptionPickerProps) {
  if (options.length === 0) return null;
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold">
        {legend}
        {value && <span className="ml-2 font-normal text-muted-foreground">{value}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const gone = soldOut.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'cursor-pointer rounded-md border px-4 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                option === value
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:border-primary/60',
                // struck through and dashed, never faded: a chosen sold-out chip keeps its contrast
                gone && 'border-dashed line-through',
                gone && option !== value && 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={option === value}
                onChange={() => onChange(option)}
                className="sr-only"
              />
              {option}
              {gone && <span className="sr-only"> (sold out)</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface VariantPickersProps {
  product: Pick<ProductView, 'variants' | 'sizes' | 'colors'>;
  /** radio group names: `${namePrefix}size` and `${namePrefix}color` */
  namePrefix?: string;
  size: string | undefined;
  color: string | undefined;
  onSizeChange: (size: string) => void;
  onColorChange: (color: string) => void;
  sizeError?: string;
}

/**
 * A product's size and colour pickers, each marking the options sold out with the other choice
 * as it stands (the product page and quick view).
 */
export function VariantPickers({
  product,
  namePrefix = '',
  size,
  color,
  onSizeChange,
  onColorChange,
  sizeError,
}: VariantPickersProps) {
  return (
    <>
      <OptionPicker
        legend="Size"
        name={`${namePrefix}size`}
        options={product.sizes}
        value={size}
        error={sizeError}
        onChange={onSizeChange}
        soldOut={soldOutOptions(product, 'size', { color })}
      />
      <OptionPicker
        legend="Colour"
        name={`${namePrefix}color`}
        options={product.colors}
        value={color}
        onChange={onColorChange}
        soldOut={soldOutOptions(product, 'color', { size })}
      />
    </>
  );
}
