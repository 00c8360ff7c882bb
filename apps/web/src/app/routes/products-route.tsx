import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@store/ui/button';
import { topCategories } from '@/state/store-info/categories';
import { useStoreInfo } from '@/state/store-info/use-store-info';
import { usePageTitle } from '@/state/store-info/use-page-title';
import { useMediaQuery } from '@/lib/use-media-query';
import { listingPageName } from '@store/contracts/page-title';
import { useProductFacets } from '@/features/products/api/get-product-facets';
import { useProducts } from '@/features/products/api/get-products';
import type { FilterChange } from '@/features/products/components/filters-panel';
import {
  gridClasses,
  ParentCategoryFilter,
  type GridView,
} from '@/features/products/components/listing-controls';
import { CollectionLinks } from '@/features/products/components/collection-links';
import { ProductGrid, ProductGridSkeleton } from '@/features/products/components/product-grid';
import { SortSelect } from '@/features/products/components/sort-select';
// Not loaded lazily near the viewport (0.5 KB): its buttons are what a shopper taps right after a
// quick scroll, and a tap on a part whose code is still loading does nothing (the journey
// "home → category tile → listing, filters and pages" clicked Next and stayed on page 1).
import { Pagination } from '@/features/products/components/pagination';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/limits';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';
import { lazyPart } from '@/app/lazy-module';
import {
  hasFilters,
  LISTING_HEADING_ID,
  lastPage,
  listingHeading,
  productFacetsQuery,
  productListQuery,
  readListingParams,
  sortOf,
  withFilter,
} from '@/features/products/lib/listing';

const FiltersSheet = lazy(() => import('@/features/products/components/filters-sheet'));
// The wide screen's filters column is drawn in the browser only (below), so a phone never needs
// its code: loaded once a wide screen draws it (the sheet brings it on a phone).
const FiltersPanel = lazy(() =>
  import('@/features/products/components/filters-panel').then((m) => ({ default: m.FiltersPanel })),
);

// The chips of the chosen filters: none on a listing with no filter on, so their code loads once a
// filter is on (with the page when the address has one), not on every listing (issue 25).
const ActiveFilters = lazy(() =>
  import('@/features/products/components/active-filters').then((m) => ({
    default: m.ActiveFilters,
  })),
);
// 3 or 2 columns, from 768 px up: hidden on a phone (display: none never nears the viewport), which
// so fetches its code at the first tap or key only.
const GridToggle = lazyNearViewport(
  () => import('@/features/products/components/grid-toggle').then((m) => m.GridToggle),
  { className: 'hidden md:block' },
);

// The rare states (no products, a failure, a page past the end): their code and icons load only
// when one is drawn, preloaded with a page the server drew with one (their props are stable).
const NOTICES = ['src/features/products/components/listing-notices.tsx'];
const loadNotices = () => import('@/features/products/components/listing-notices');
const ListingFailed = lazyPart(NOTICES, () => loadNotices().then((m) => m.ListingFailed));
const ListingEmpty = lazyPart(NOTICES, () => loadNotices().then((m) => m.ListingEmpty));
const ListingPastEnd = lazyPart(NOTICES, () => loadNotices().then((m) => m.ListingPastEnd));

/** Collections offered above the listing; more would wrap into a wall of links. */
const MAX_COLLECTIONS = 8;

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListingParams(searchParams);
  const [view, setView] = useState<GridView>('grid-3');
  const [sheetOpen, setSheetOpen] = useState(false);
  // Tailwind's md: where the filters column shows
  const wideScreen = useMediaQuery('(min-width: 48rem)');
  const filtersButton = useRef<HTMLButtonElement>(null);
  // Once a filter has been on, the chips stay mounted (they draw nothing with none on): removing
  // the last one moves the focus to the heading, which they do after that render.
  const [chipsShown, setChipsShown] = useState(false);
  if (!chipsShown && hasFilters(params)) setChipsShown(true);
  const products = useProducts(productListQuery(params));
  const facets = useProductFacets(productFacetsQuery(params));
  const { storeInfo, isLoading: storeInfoLoading } = useStoreInfo();
  // the store's categories, or the default set when it names none (spec section 2)
  const collections = storeInfoLoading ? [] : topCategories(storeInfo?.categories, MAX_COLLECTIONS);

  const heading = listingHeading(params);
  usePageTitle(listingPageName(params, params.page));
  const total = products.data?.total ?? 0;
  const noRows = products.isSuccess && products.data.products.length === 0;
  // A page past the end of a result that has products keeps the heading and filters and links
  // back; only a result with no products at all is the spec's empty state.
  const pastEnd = noRows && total > 0 && params.page > 1;
  const isEmpty = noRows && !pastEnd;
  const last = lastPage(total, PRODUCT_PAGE_SIZE, products.data?.totalPages);
  const correctedQuery = products.data?.correctedQuery;
  const activeCount =
    (params.minPrice !== undefined || params.maxPrice !== undefined ? 1 : 0) +
    params.size.length +
    params.color.length +
    params.attr.length +
    (params.inStock ? 1 : 0);

  const withPage = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(page));
    return next;
  };
  // stable: the page's parts get the same props when the page draws again
  const setPage = useCallback(
    (page: number) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(page));
        return next;
      }),
    [setSearchParams],
  );

  // every filter or sort change starts again at page 1
  const changeFilters = (change: FilterChange) => setSearchParams(withFilter(searchParams, change));

  const setParentCategory = (parentCategory: string | undefined) =>
    changeFilters({ parentCategory });

  // stable, as setPage: the rare states' parts get them (lazyPart)
  const clearFilters = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);
  const { refetch } = products;
  const retry = useCallback(() => void refetch(), [refetch]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
      {!isEmpty && (
        // the header, the sort bar, each card and the pages are Suspense boundaries: React
        // hydrates them apart (selective hydration)
        <Suspense fallback={null}>
          <header className="mb-8 flex flex-col gap-6">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="min-w-0">
                <p className="text-sm font-medium uppercase tracking-widest text-accent">
                  {params.q ? 'Search' : 'Shop'}
                </p>
                <h1
                  id={LISTING_HEADING_ID}
                  tabIndex={-1}
                  className="mt-1 break-words text-3xl font-semibold outline-none sm:text-4xl"
                >
                  {heading}
                </h1>
                {correctedQuery && (
                  <p className="mt-2 text-muted-foreground">
                    Showing results for &ldquo;{correctedQuery}&rdquo;
                  </p>
                )}
              </div>
              <GridToggle view={view} onChange={setView} />
            </div>
            <CollectionLinks categories={collections} current={params.category} />
            {facets.isPending ? (
              // the chips' row, held while the facets load, so the grid below does not jump
              <div className="h-9" aria-hidden="true" />
            ) : (
              <ParentCategoryFilter
                options={facets.data?.parentCategories.map((p) => p.value) ?? []}
                value={params.parentCategory}
                onChange={setParentCategory}
              />
            )}
          </header>
        </Suspense>
      )}

      <div className={isEmpty ? undefined : 'md:grid md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8'}>
        {!isEmpty && (
          // Drawn in the browser, on a wide screen only: a phone hides this column (its filters are
          // in a sheet), and the panel was most of the listing's HTML and one 70 ms task of a
          // phone's hydration. The empty column keeps its width, so nothing moves when it fills.
          <aside aria-label="Filters" className="hidden md:block">
            {wideScreen && (
              <Suspense fallback={null}>
                <FiltersPanel facets={facets.data} params={params} onChange={changeFilters} />
              </Suspense>
            )}
          </aside>
        )}

        <div className="flex min-w-0 flex-col gap-4">
          {!isEmpty && (
            <>
              <Suspense fallback={null}>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <Button
                    ref={filtersButton}
                    variant="outline"
                    className="md:hidden"
                    aria-haspopup="dialog"
                    onClick={() => setSheetOpen(true)}
                  >
                    <SlidersHorizontal aria-hidden="true" />
                    Filters
                    {activeCount > 0 && <span className="tabular-nums">({activeCount})</span>}
                  </Button>
                  <SortSelect
                    q={params.q}
                    value={sortOf(params)}
                    onChange={(sort) => changeFilters({ sort })}
                  />
                </div>
              </Suspense>
              {chipsShown && (
                <Suspense fallback={null}>
                  <ActiveFilters params={params} onChange={changeFilters} />
                </Suspense>
              )}
            </>
          )}

          {products.isPending ? (
            <ProductGridSkeleton
              count={PRODUCT_PAGE_SIZE}
              className={gridClasses[view]}
              label="Loading products"
            />
          ) : products.isError ? (
            <ListingFailed onRetry={retry} />
          ) : pastEnd ? (
            <ListingPastEnd page={params.page} last={last} search={withPage(last).toString()} />
          ) : isEmpty ? (
            <ListingEmpty onClear={clearFilters} />
          ) : (
            <>
              <ProductGrid
                products={products.data.products}
                className={gridClasses[view]}
                label={heading}
                busy={products.isPlaceholderData}
                priorityFirst
              />
              <Pagination
                page={params.page}
                pageSize={PRODUCT_PAGE_SIZE}
                total={total}
                totalPages={products.data.totalPages}
                onPageChange={setPage}
              />
            </>
          )}
        </div>
      </div>

      {sheetOpen && (
        <Suspense fallback={null}>
          <FiltersSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            facets={facets.data}
            params={params}
            onChange={changeFilters}
            returnFocusTo={filtersButton}
          />
        </Suspense>
      )}
    </div>
  );
}
