import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@store/ui/button';
import {
  chosenPriceRange,
  priceRangeLabel,
  priceRangeParams,
  splitAttrParam,
} from '../lib/filters';
import { hasFilters, LISTING_HEADING_ID, type ListingParams } from '../lib/listing';
import type { FilterChange } from './filters-panel';

interface Chip {
  label: string;
  change: FilterChange;
}

function chipsOf(params: ListingParams): Chip[] {
  const chips: Chip[] = [];
  const range = chosenPriceRange(params);
  if (range) chips.push({ label: priceRangeLabel(range), change: priceRangeParams(undefined) });
  for (const size of params.size)
    chips.push({ label: size, change: { size: params.size.filter((s) => s !== size) } });
  for (const color of params.color)
    chips.push({ label: color, change: { color: params.color.filter((c) => c !== color) } });
  for (const attr of params.attr) {
    const { key, value } = splitAttrParam(attr);
    chips.push({
      label: `${key}: ${value}`,
      change: { attr: params.attr.filter((a) => a !== attr) },
    });
  }
  if (params.inStock) chips.push({ label: 'In stock only', change: { inStock: undefined } });
  return chips;
}

/** The filters on, each removable, and Clear all (which keeps the search and the category). */
export function ActiveFilters({
  params,
  onChange,
}: {
  params: ListingParams;
  onChange: (change: FilterChange) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  // the place of the chip just removed: its button is gone, so focus moves to the chip that took
  // its place, else the last one, else (nothing left) the listing's heading, never the page's body
  const removed = useRef<number | null>(null);
  const chips = chipsOf(params);
  useEffect(() => {
    const at = removed.current;
    if (at === null) return;
    removed.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-chip]') ?? [];
    const next = buttons[Math.min(at, buttons.length - 1)];
    if (next) next.focus();
    else document.querySelector<HTMLElement>(`#${LISTING_HEADING_ID}`)?.focus();
  });
  const remove = (at: number, change: FilterChange) => {
    removed.current = at;
    onChange(change);
  };
  if (!hasFilters(params)) return null;
  // chips 44 px tall on a phone, where they are tapped; 32 px beside the desktop's panel
  return (
    <ul ref={list} aria-label="Chosen filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip, index) => (
        <li key={chip.label}>
          <Button
            data-chip
            variant="secondary"
            size="sm"
            className="h-11 rounded-full md:h-8"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => remove(index, chip.change)}
          >
            {chip.label}
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
      <li>
        <Button
          variant="link"
          size="sm"
          className="h-11 md:h-8"
          onClick={() =>
            remove(0, {
              ...priceRangeParams(undefined),
              size: undefined,
              color: undefined,
              attr: undefined,
              inStock: undefined,
            })
          }
        >
          Clear all
        </Button>
      </li>
    </ul>
  );
}
