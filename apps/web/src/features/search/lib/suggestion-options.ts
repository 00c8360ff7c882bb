import type { ProductSuggestions } from '@store/contracts/products';
import { paths } from '@/lib/paths';

/** Fewest characters worth asking suggestions for. */
export const SUGGEST_MIN_CHARS = 2;
/** Wait after the last key before asking. */
export const SUGGEST_DEBOUNCE_MS = 200;

export type SuggestionOption =
  | { kind: 'product'; href: string; title: string; imgUrl: string; price: number }
  | { kind: 'category'; href: string; category: string }
  | { kind: 'search'; href: string; query: string };

/**
 * The rows under the search box, in order: matching products, the categories with matches (each a
 * search within that category), then "Search for '…'". Without an answer yet only the last row.
 */
export function suggestionOptions(
  query: string,
  data: ProductSuggestions | undefined,
): SuggestionOption[] {
  const q = query.trim();
  if (q.length < SUGGEST_MIN_CHARS) return [];
  const products: SuggestionOption[] = (data?.products ?? []).map((p) => ({
    kind: 'product',
    href: paths.product(p.id),
    title: p.title,
    imgUrl: p.imgUrl,
    price: p.price,
  }));
  const categories: SuggestionOption[] = (data?.categories ?? []).map((c) => ({
    kind: 'category',
    // the spec's category parameter is the lowercased name
    href: paths.products({ q, category: c.value.toLowerCase() }),
    category: c.value,
  }));
  return [...products, ...categories, { kind: 'search', href: paths.products({ q }), query: q }];
}
