import { Button } from '@store/ui/button';

export type GridView = 'grid-3' | 'grid-2';

/**
 * Two columns from the smallest phone up (one column of 300 px images made a 12-item page 7,600 px
 * tall); the loading skeleton uses the same classes, so the grid does not move when cards arrive.
 */
export const gridClasses: Record<GridView, string> = {
  'grid-3': 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3',
  'grid-2': 'grid grid-cols-2 gap-3 sm:gap-6',
};

interface ParentCategoryFilterProps {
  options: string[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** Chips for the parent categories of the listing (the facets' parentCategories); "All" clears it. */
export function ParentCategoryFilter({ options, value, onChange }: ParentCategoryFilterProps) {
  if (options.length === 0) return null;
  const chip = (label: string, selected: boolean, next: string | undefined) => (
    <li key={label} className="shrink-0">
      <Button
        variant={selected ? 'default' : 'outline'}
        size="sm"
        aria-pressed={selected}
        onClick={() => onChange(next)}
      >
        {label}
      </Button>
    </li>
  );
  return (
    <nav aria-label="Filter by type">
      {/* one row that scrolls sideways on a phone, as the collection links do: a second row of
          chips arriving with the facets would push the grid down (layout shift) */}
      <ul className="-mx-4 -my-1 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:my-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:py-0">
        {chip('All', !value, undefined)}
        {options.map((option) =>
          chip(option, value?.toLowerCase() === option.toLowerCase(), option),
        )}
      </ul>
    </nav>
  );
}
