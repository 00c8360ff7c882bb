import { AlertCircle, PackageSearch, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@store/ui/button';
import { useCart } from '@/state/cart/use-cart';
import { useWishlistHearts } from '@/state/wishlist/wishlist-store';
import { topCategories } from '@/state/store-info/categories';
import { useStoreInfo } from '@/state/store-info/use-store-info';
import { useParentCategories } from '@/features/products/api/get-parent-categories';
import { useProducts } from '@/features/products/api/get-products';
import {
  GridToggle,
  gridClasses,
  ParentCategoryFilter,
  type GridView,
} from '@/features/products/components/listing-controls';
import { CollectionLinks } from '@/features/products/components/collection-links';
import { Pagination } from '@/features/products/components/pagination';
import { ProductCard, ProductCardSkeleton } from '@/features/products/components/product-card';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/limits';
import {
  listingHeading,
  productListQuery,
  readListingParams,
} from '@/features/products/lib/listing';

const PLACEHOLDERS = Array.from({ length: PRODUCT_PAGE_SIZE }, (_, i) => i);
/** Collections offered above the listing; more would wrap into a wall of links. */
const MAX_COLLECTIONS = 8;

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListingParams(searchParams);
  const [view, setView] = useState<GridView>('grid-3');
  const { addItem } = useCart();
  const wishlist = useWishlistHearts();
  const products = useProducts(productListQuery(params));
  const parentCategories = useParentCategories(params.category);
  const { storeInfo, isLoading: storeInfoLoading } = useStoreInfo();
  // the store's categories, or the default set when it names none (spec section 2)
  const collections = storeInfoLoading ? [] : topCategories(storeInfo?.categories, MAX_COLLECTIONS);

  const heading = listingHeading(params);
  const isEmpty = products.isSuccess && products.data.products.length === 0;

  const setPage = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(page));
    setSearchParams(next);
  };

  const setParentCategory = (parentCategory: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (parentCategory) next.set('parentCategory', parentCategory);
    else next.delete('parentCategory');
    next.set('page', '1');
    setSearchParams(next);
  };

  const clearFilters = () => setSearchParams(new URLSearchParams());

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
      {!isEmpty && (
        <header className="mb-8 flex flex-col gap-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-sm font-medium uppercase tracking-widest text-accent">Shop</p>
              <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">{heading}</h1>
            </div>
            <GridToggle view={view} onChange={setView} />
          </div>
          <CollectionLinks categories={collections} current={params.category} />
          <ParentCategoryFilter
            options={parentCategories.data ?? []}
            value={params.parentCategory}
            onChange={setParentCategory}
          />
        </header>
      )}

      {products.isPending ? (
        <div className={gridClasses[view]} role="status" aria-label="Loading products">
          {PLACEHOLDERS.map((i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-16 text-center"
        >
          <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
          <p className="text-lg">Failed to load products. Please try again.</p>
          <Button onClick={() => void products.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : isEmpty ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border bg-card px-6 py-20 text-center">
          <PackageSearch className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg">No products found with the selected filters.</p>
          <Button variant="outline" onClick={clearFilters}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <>
          <ul
            className={gridClasses[view]}
            aria-label={heading}
            aria-busy={products.isPlaceholderData}
          >
            {products.data.products.map((product, index) => (
              <li key={product.id} className="flex flex-col *:flex-1">
                <ProductCard
                  product={product}
                  onAddToCart={addItem}
                  priority={index === 0}
                  saved={wishlist.isSaved(product.id)}
                  onToggleWishlist={wishlist.toggle}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={params.page}
            pageSize={PRODUCT_PAGE_SIZE}
            total={products.data.total}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}
