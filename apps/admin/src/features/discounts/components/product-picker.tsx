import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import type { DiscountForm, DiscountFormInput } from '@store/contracts/admin/discounts';
import { Button } from '@store/ui/button';
import { SearchPicker } from '@/components/search-picker';
import { FieldError } from '@store/ui/label';
import { productMatchesQueryOptions } from '../api/discounts';

type DiscountFormApi = UseFormReturn<DiscountFormInput, unknown, DiscountForm>;

/**
 * Applies to: Products. The chosen products as removable chips, and a search (title or slug) to
 * add more: a shop has too many products for one list.
 */
export function ProductPicker({
  form,
  known,
}: {
  form: DiscountFormApi;
  /** titles of the products the discount names already */
  known: ReadonlyMap<string, string>;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const [titles, setTitles] = useState(() => new Map(known));
  const chosen = useWatch({ control: form.control, name: 'productIds' }) ?? [];
  const { errors } = useFormState({ control: form.control, name: 'productIds' });
  const matches = useQuery(productMatchesQueryOptions(q));
  const error = errors.productIds?.message ?? errors.productIds?.root?.message;

  const set = (ids: string[]) =>
    form.setValue('productIds', ids, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const add = (productId: string, title: string) => {
    setTitles((m) => new Map(m).set(productId, title));
    if (!chosen.includes(productId)) set([...chosen, productId]);
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Products</legend>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen products">
          {chosen.map((productId) => {
            const title = titles.get(productId) ?? productId;
            return (
              <li
                key={productId}
                className="flex items-center gap-1 rounded-full border border-border bg-muted px-3 py-1 text-sm"
              >
                {title}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-background"
                  aria-label={`Remove ${title}`}
                  onClick={() => set(chosen.filter((c) => c !== productId))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No products chosen yet.</p>
      )}
      <SearchPicker
        id={id}
        label="Find a product"
        placeholder="Title or slug"
        query={q}
        onQueryChange={setQ}
        matches={matches.data?.data}
        listLabel="Matching products"
        noMatch="No products match."
        itemClassName="flex items-center justify-between gap-2 text-sm"
        renderMatch={(p) => (
          <>
            <span>{p.title}</span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={chosen.includes(p.id)}
              onClick={() => add(p.id, p.title)}
            >
              {chosen.includes(p.id) ? 'Added' : `Add`}
              <span className="sr-only"> {p.title}</span>
            </Button>
          </>
        )}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
