import { useId, type ReactNode } from 'react';
import type { FacetValue, ProductFacets } from '@store/contracts/products';
import { cn } from '@store/ui/cn';
import {
  attrParam,
  chosenPriceRange,
  PRICE_RANGES,
  priceRangeLabel,
  priceRangeParams,
  splitAttrParam,
  toggled,
  type PriceRange,
} from '../lib/filters';
import { type ListingParams } from '../lib/listing';

/** A URL change: parameter name to its new value(s); undefined removes it. */
export type FilterChange = Record<string, string | readonly string[] | undefined>;

interface FiltersPanelProps {
  facets: ProductFacets | undefined;
  params: ListingParams;
  onChange: (change: FilterChange) => void;
}

// rows 44 px tall in the phone's sheet (a finger's target); the desktop's pointer keeps them compact
const optionClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-1 py-3 text-sm md:py-1.5 hover:bg-muted has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';
const inputClass = 'size-4 shrink-0 accent-primary';

function Count({ count }: { count: number }) {
  return <span className="ml-auto tabular-nums text-muted-foreground">({count})</span>;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    // the rule is drawn by the legend's own top border: a fieldset's border would run through
    // its legend, which browsers place on that line
    <fieldset className="group/facet">
      <legend className="float-left mb-2 w-full border-t border-border pt-4 text-sm font-semibold group-first/facet:border-t-0 group-first/facet:pt-0">
        {legend}
      </legend>
      <ul className="clear-both flex flex-col">{children}</ul>
    </fieldset>
  );
}

/** The facet's values plus any chosen one it does not list (a shared URL may name one no longer sold). */
function withChosen(values: readonly FacetValue[], chosen: readonly string[]): FacetValue[] {
  const missing = chosen.filter((c) => !values.some((v) => v.value === c));
  return [...values, ...missing.map((value) => ({ value, count: 0 }))];
}

function CheckList({
  legend,
  values,
  chosen,
  label = (v) => v,
  toParam = (v) => v,
  onToggle,
}: {
  legend: string;
  values: readonly FacetValue[];
  chosen: readonly string[];
  label?: (value: string) => string;
  toParam?: (value: string) => string;
  onToggle: (param: string) => void;
}) {
  if (values.length === 0) return null;
  return (
    <Group legend={legend}>
      {values.map(({ value, count }) => {
        const param = toParam(value);
        const checked = chosen.includes(param);
        return (
          <li key={value}>
            <label className={optionClass}>
              <input
                type="checkbox"
                className={inputClass}
                checked={checked}
                disabled={!checked && count === 0}
                onChange={() => onToggle(param)}
              />
              <span>{label(value)}</span>
              <Count count={count} />
            </label>
          </li>
        );
      })}
    </Group>
  );
}

function sameRange(a: PriceRange | undefined, b: PriceRange | undefined): boolean {
  return a?.min === b?.min && a?.max === b?.max;
}

/**
 * Every filter of the listing with its count, from one GET /products/facets. Each change goes to
 * the URL through `onChange` (the route resets the page), so Back undoes it and a shared link shows
 * the same choice. The sidebar on a desktop and the phone's sheet render this same panel.
 */
export function FiltersPanel({ facets, params, onChange }: FiltersPanelProps) {
  const id = useId();
  if (!facets) {
    return <p className="text-sm text-muted-foreground">Loading filters…</p>;
  }
  const chosenRange = chosenPriceRange(params);
  const countOf = (range: PriceRange) =>
    facets.prices.find((p) => p.min === range.min && p.max === range.max)?.count ?? 0;
  const chosenCategory = params.category?.toLowerCase();
  const radio = (
    name: string,
    key: string,
    label: string,
    checked: boolean,
    count: number | undefined,
    onSelect: () => void,
  ) => (
    <li key={key}>
      <label className={optionClass}>
        <input
          type="radio"
          name={`${id}-${name}`}
          className={inputClass}
          checked={checked}
          disabled={!checked && count === 0}
          onChange={onSelect}
        />
        <span>{label}</span>
        {count !== undefined && <Count count={count} />}
      </label>
    </li>
  );

  return (
    <div className="flex flex-col gap-4">
      <Group legend="Price">
        {radio('price', 'any', 'Any price', !chosenRange, undefined, () =>
          onChange(priceRangeParams(undefined)),
        )}
        {PRICE_RANGES.map((range) =>
          radio(
            'price',
            `${range.min}-${range.max}`,
            priceRangeLabel(range),
            sameRange(range, chosenRange),
            countOf(range),
            () => onChange(priceRangeParams(range)),
          ),
        )}
        {chosenRange && !PRICE_RANGES.some((r) => sameRange(r, chosenRange)) && (
          // a range typed into the URL: shown as chosen, so the shopper sees why the list is short
          <li className={cn(optionClass, 'font-medium')}>{priceRangeLabel(chosenRange)}</li>
        )}
      </Group>

      {facets.categories.length > 0 && (
        <Group legend="Category">
          {radio('category', 'all', 'All categories', !chosenCategory, undefined, () =>
            onChange({ category: undefined, parentCategory: undefined }),
          )}
          {facets.categories.map(({ value, count }) =>
            radio(
              'category',
              value,
              value,
              value.toLowerCase() === chosenCategory,
              count,
              // the spec's category parameter: lowercased; its parent categories are another set
              () => onChange({ category: value.toLowerCase(), parentCategory: undefined }),
            ),
          )}
        </Group>
      )}

      <CheckList
        legend="Size"
        values={withChosen(facets.sizes, params.size)}
        chosen={params.size}
        onToggle={(v) => onChange({ size: toggled(params.size, v) })}
      />
      <CheckList
        legend="Colour"
        values={withChosen(facets.colors, params.color)}
        chosen={params.color}
        onToggle={(v) => onChange({ color: toggled(params.color, v) })}
      />
      {facets.attributes.map((attribute) => (
        <CheckList
          key={attribute.key}
          legend={attribute.key}
          values={withChosen(
            attribute.values,
            params.attr
              .map(splitAttrParam)
              .filter((a) => a.key === attribute.key)
              .map((a) => a.value),
          )}
          chosen={params.attr}
          label={(v) => (attribute.metricUnit ? `${v} ${attribute.metricUnit}` : v)}
          toParam={(v) => attrParam(attribute.key, v)}
          onToggle={(v) => onChange({ attr: toggled(params.attr, v) })}
        />
      ))}

      <Group legend="Availability">
        <li>
          <label className={optionClass}>
            <input
              type="checkbox"
              className={inputClass}
              checked={params.inStock}
              disabled={!params.inStock && facets.inStock === 0}
              onChange={() => onChange({ inStock: params.inStock ? undefined : 'true' })}
            />
            <span>In stock only</span>
            <Count count={facets.inStock} />
          </label>
        </li>
      </Group>
    </div>
  );
}
