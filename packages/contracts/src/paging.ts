// Page numbers, read and counted the same way by the storefront, the back office, the SEO heads
// and the API (they must agree: a canonical URL names the page the listing shows).

/**
 * The page a `page` query value names: its leading whole number when it is 1 or more, else 1
 * (absent, blank, `0`, `-2` or `abc` all mean the first page; `2abc` is page 2, as parseInt reads it).
 */
export function parsePage(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * How many pages `total` items fill at `pageSize` a page: 0 when there are none. `maxPage` caps
 * it where the API stops serving pages (its result window).
 */
export function pageCount(total: number, pageSize: number, maxPage = Infinity): number {
  if (!(total > 0) || !(pageSize > 0)) return 0;
  return Math.min(Math.ceil(total / pageSize), maxPage);
}

/** The last page a list has: at least 1, so an empty list still has its (empty) first page. */
export function lastPage(total: number, pageSize: number, maxPage = Infinity): number {
  return Math.max(1, pageCount(total, pageSize, maxPage));
}
