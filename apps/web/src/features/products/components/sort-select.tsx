import { useId } from 'react';
import { PRODUCT_SORT_LABELS, type ProductSort } from '@store/contracts/limits';
import { Select } from '@store/ui/select';
import { sortChoices } from '../lib/listing';

/** "Sort by": relevance is offered only with a search. */
export function SortSelect({
  q,
  value,
  onChange,
}: {
  q: string | undefined;
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium">
        Sort by
      </label>
      <Select
        id={id}
        value={value}
        className="w-44"
        onChange={(event) => onChange(event.target.value as ProductSort)}
      >
        {sortChoices(q).map((sort) => (
          <option key={sort} value={sort}>
            {PRODUCT_SORT_LABELS[sort]}
          </option>
        ))}
      </Select>
    </div>
  );
}
