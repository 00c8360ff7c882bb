import { countOf } from '@store/contracts/text';
import { useEffect, useMemo } from 'react';
import { get, useFormState, useWatch } from 'react-hook-form';
import { Input } from '@store/ui/input';
import { variantAxes, variantGrid } from '../lib/variant-grid';
import type { ProductFormApi } from './product-form-types';

/**
 * Stock per size × colour: one number per combination, rebuilt whenever a size or colour is added
 * or removed (a combination kept keeps its units; a new one starts at 0).
 */
export function VariantStockGrid({ form }: { form: ProductFormApi }) {
  const attributes = useWatch({ control: form.control, name: 'attributes' }) ?? [];
  const { sizes, colours } = variantAxes(attributes);
  const signature = JSON.stringify([sizes, colours]);
  const watched = useWatch({ control: form.control, name: 'variantStock' });
  const { errors } = useFormState({ control: form.control, name: 'variantStock' });

  useEffect(() => {
    const [s, c] = JSON.parse(signature) as [string[], string[]];
    const current = form.getValues('variantStock') ?? [];
    const next = variantGrid(s, c, current);
    if (JSON.stringify(next) !== JSON.stringify(current))
      form.setValue('variantStock', next, { shouldDirty: current.length > 0 || next.length > 0 });
  }, [signature, form]);

  const variants = useMemo(() => watched ?? [], [watched]);
  const index = useMemo(
    () => new Map(variants.map((v, i) => [`${v?.size}\u0000${v?.color}`, i])),
    [variants],
  );
  if (sizes.length === 0 && colours.length === 0) return null;
  const rows = sizes.length ? sizes : [''];
  const cols = colours.length ? colours : [''];
  const total = variants.reduce((n, v) => n + (Number.isFinite(v?.onHand) ? v!.onHand! : 0), 0);

  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <table className="text-sm">
          <caption className="mb-2 text-left font-medium">Stock per size and colour</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left text-muted-foreground">
                {sizes.length ? 'Size' : ''}
                {sizes.length && colours.length ? ' / ' : ''}
                {colours.length ? 'Colour' : ''}
              </th>
              {cols.map((c) => (
                <th key={c || 'none'} scope="col" className="px-2 py-1 text-left font-semibold">
                  {c || 'Units'}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((size) => (
              <tr key={size || 'none'}>
                <th scope="row" className="px-2 py-1 text-left font-semibold">
                  {size || 'Units'}
                </th>
                {cols.map((color) => {
                  const i = index.get(`${size}\u0000${color}`);
                  if (i === undefined) return <td key={color || 'none'} />;
                  const name = `variantStock.${i}.onHand` as const;
                  const error = (get(errors, name) as { message?: string } | undefined)?.message;
                  const id = `variant-${i}`;
                  const label = ['Stock', size, color].filter(Boolean).join(' ');
                  const value = variants[i]?.onHand;
                  return (
                    <td key={color || 'none'} className="px-2 py-1 align-top">
                      <Input
                        id={id}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        aria-label={label}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        className="w-24"
                        value={value === undefined || Number.isNaN(value) ? '' : value}
                        onChange={(e) =>
                          form.setValue(
                            name,
                            e.target.value === '' ? Number.NaN : Number(e.target.value),
                            { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
                          )
                        }
                      />
                      {error ? (
                        <p
                          id={`${id}-error`}
                          role="alert"
                          className="mt-1 text-xs text-destructive"
                        >
                          {error}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground">Total: {countOf(total, 'unit')}</p>
    </div>
  );
}
