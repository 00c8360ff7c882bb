import { PRICE_BUCKETS } from '@store/contracts/limits';
import { formatInr } from '@store/contracts/money';
import type { ListingFilters } from './listing';

// What the filter controls (the filters column and sheet, the chosen-filter chips) need beyond
// reading the URL (listing.ts): they load once a filter is shown, not with every listing.

/** The list with `value` added, or removed when it is there. */
export function toggled(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** `Key:Value` of an attribute filter (the value may itself hold a colon). */
export function attrParam(key: string, value: string): string {
  return `${key}:${value}`;
}

export function splitAttrParam(param: string): { key: string; value: string } {
  const at = param.indexOf(':');
  return { key: param.slice(0, at), value: param.slice(at + 1) };
}

export interface PriceRange {
  min: number;
  max: number | null;
}

export const PRICE_RANGES: readonly PriceRange[] = PRICE_BUCKETS.map(([min, max]) => ({
  min,
  max,
}));

/** "Under ₹200", "₹200 – ₹500", "₹1,000 and above" (whole rupees, en-IN grouping). */
export function priceRangeLabel({ min, max }: PriceRange): string {
  const r = (n: number) => formatInr(n);
  if (max === null) return `${r(min)} and above`;
  if (min === 0) return `Under ${r(max)}`;
  return `${r(min)} – ${r(max)}`;
}

/** The range the URL carries, when it has one. */
export function chosenPriceRange(params: Pick<ListingFilters, 'minPrice' | 'maxPrice'>) {
  if (params.minPrice === undefined && params.maxPrice === undefined) return undefined;
  return { min: params.minPrice ?? 0, max: params.maxPrice ?? null };
}

/** URL values of a range: minPrice left out at 0, maxPrice when bounded. */
export function priceRangeParams(range: PriceRange | undefined) {
  return {
    minPrice: range && range.min > 0 ? String(range.min) : undefined,
    maxPrice: range && range.max !== null ? String(range.max) : undefined,
  };
}
