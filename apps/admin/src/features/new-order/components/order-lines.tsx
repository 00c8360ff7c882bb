import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { formatInr } from '@store/contracts/money';
import type { Product } from '@store/contracts/products';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { SearchPicker } from '@/components/search-picker';
import { FieldError, Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { productMatchesQueryOptions } from '../api/new-order';

/** A line of the form: the product as found, the size and colour chosen ('' while none). */
export interface FormLine {
  key: number;
  product: Product;
  size: string;
  color: string;
  quantity: number;
}

const unique = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].sort();
/** The sizes and colours a product is sold in (its variants'); one of them needs no choice. */
export const optionsOf = (p: Product) => ({
  sizes: unique(p.variants.map((v) => v.size)),
  colors: unique(p.variants.map((v) => v.color)),
});

let nextKey = 1;
export function newLine(product: Product): FormLine {
  const { sizes, colors } = optionsOf(product);
  return {
    key: nextKey++,
    product,
    size: sizes.length === 1 ? sizes[0]! : '',
    color: colors.length === 1 ? colors[0]! : '',
    quantity: 1,
  };
}

const priceOf = (p: Product) => p.discountedPrice ?? p.regularPrice;
const soldOut = (p: Product) => p.availability.status === 'sold_out';

/** A size or colour to choose; nothing when the product has one or none (it needs no choice). */
function OptionSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: 'Size' | 'Colour';
  options: string[];
  value: string;
  onChange: (value: string) => void;
}) {
  if (options.length < 2) return null;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a {label.toLowerCase()}</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </Select>
    </div>
  );
}

/** Items: a product search that adds lines; per line its size, colour and quantity. */
export function OrderLines({
  lines,
  onChange,
  errors,
}: {
  lines: FormLine[];
  onChange: (next: FormLine[]) => void;
  /** messages by field: lines, lines.<i>, lines.<i>.size, … */
  errors: Record<string, string>;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const matches = useQuery(productMatchesQueryOptions(q));
  const update = (key: number, change: Partial<FormLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));

  return (
    <div className="grid gap-4">
      {lines.length ? (
        <ul className="grid gap-3" aria-label="Order lines">
          {lines.map((line, i) => {
            const { sizes, colors } = optionsOf(line.product);
            const lineError =
              errors[`lines.${i}`] ?? errors[`products.${line.product.id}`] ?? undefined;
            return (
              <li key={line.key} className="grid gap-2 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{line.product.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {formatInr(priceOf(line.product))} each
                  </span>
                </div>
                <div className="flex flex-wrap items-end gap-3">
                  <OptionSelect
                    id={`${id}-${line.key}-size`}
                    label="Size"
                    options={sizes}
                    value={line.size}
                    onChange={(size) => update(line.key, { size })}
                  />
                  <OptionSelect
                    id={`${id}-${line.key}-color`}
                    label="Colour"
                    options={colors}
                    value={line.color}
                    onChange={(color) => update(line.key, { color })}
                  />
                  <div className="grid w-24 gap-1">
                    <Label htmlFor={`${id}-${line.key}-qty`}>Quantity</Label>
                    <Input
                      id={`${id}-${line.key}-qty`}
                      type="number"
                      min={1}
                      max={ORDER_MAX_QUANTITY}
                      value={line.quantity}
                      onChange={(e) => update(line.key, { quantity: Number(e.target.value) })}
                    />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${line.product.title}`}
                    onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                  >
                    Remove
                  </Button>
                </div>
                <FieldError>{lineError}</FieldError>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No products added yet.</p>
      )}
      <FieldError>{errors.lines}</FieldError>
      <div className="grid gap-2">
        <SearchPicker
          id={id}
          label="Find a product"
          placeholder="Title or SKU"
          query={q}
          onQueryChange={setQ}
          minLength={2}
          matches={matches.data?.data}
          listLabel="Matching products"
          noMatch="No product matches."
          renderMatch={(p) => (
            <button
              type="button"
              disabled={soldOut(p)}
              className="flex w-full justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-muted disabled:opacity-50"
              onClick={() => {
                onChange([...lines, newLine(p)]);
                setQ('');
              }}
            >
              <span>{p.title}</span>
              <span className="text-muted-foreground">
                {soldOut(p) ? 'Sold out' : formatInr(priceOf(p))}
              </span>
            </button>
          )}
        />
      </div>
    </div>
  );
}
