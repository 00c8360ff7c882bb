/** Default category list when the store info names none (spec section 2, products page). */
export const DEFAULT_CATEGORIES = ['Men', 'Women', 'Accessories'] as const;

/** The first `max` store categories, else the default list. */
export function topCategories(categories: readonly string[] | undefined, max = 3): string[] {
  const named = (categories ?? []).map((c) => c.trim()).filter(Boolean);
  return (named.length > 0 ? named : [...DEFAULT_CATEGORIES]).slice(0, max);
}
