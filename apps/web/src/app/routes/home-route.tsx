import { Suspense } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useFeaturedProducts } from '@/features/products/api/get-featured-products';
import { ProductGrid, ProductGridSkeleton } from '@/features/products/components/product-grid';
import { useStoreInfo } from '@/state/store-info/use-store-info';
import { CategoryTiles, type CategoryTile } from '@/features/home/components/category-tiles';
import { Hero } from '@/features/home/components/hero';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';
import { paths } from '@/lib/paths';

// Further down (below the fold on a phone): the writing essentials and the newsletter load as the
// shopper nears them or first interacts, not with the page; the server's HTML shows them meanwhile,
// dehydrated. Not the featured cards: a tap on a part whose code has not arrived is not replayed
// (React stops it; a link then loads the next page in full, a button does nothing), and "View All"
// and the cards' buttons are what a shopper taps first (journey search.spec "phone: two cards").
const WritingEssentials = lazyNearViewport(() =>
  import('@/features/home/components/writing-essentials').then((m) => m.WritingEssentials),
);
const Newsletter = lazyNearViewport(() =>
  import('@/features/home/components/newsletter').then((m) => m.Newsletter),
);

/** Fallback tiles when the store names no categories (spec section 2). */
export const FALLBACK_HOME_CATEGORIES = ['Diaries & Notebooks', 'Magazines'];
const MAX_TILES = 3;

export function homeCategoryTiles(
  categories: readonly string[] | undefined,
  images: Record<string, string> | undefined,
): CategoryTile[] {
  const names = categories?.filter((c) => c.trim()).slice(0, MAX_TILES);
  if (!names?.length)
    return FALLBACK_HOME_CATEGORIES.map((name) => ({
      name,
      href: paths.category(name),
      image: '',
    }));
  return names.map((name) => ({
    name,
    href: paths.category(name),
    image: images?.[name] ?? images?.default ?? '',
  }));
}

/** Two columns on a phone, as in the listing; four on a laptop. */
const FEATURED_GRID = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4';

function FeaturedProducts() {
  const { data: products, isPending } = useFeaturedProducts();
  return (
    <section aria-labelledby="featured-heading" className="bg-card/60 py-16">
      <div className="mx-auto max-w-7xl px-4 lg:px-8">
        <div className="mb-8 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-3xl font-semibold sm:text-4xl">
            Featured Products
          </h2>
          <Link
            to={paths.products()}
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            View All
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        {isPending ? (
          <ProductGridSkeleton
            count={4}
            className={FEATURED_GRID}
            label="Loading featured products"
          />
        ) : !products?.length ? (
          <p className="rounded-xl border border-dashed border-border py-12 text-center text-muted-foreground">
            No featured products available at the moment.
          </p>
        ) : (
          <ProductGrid products={products} className={FEATURED_GRID} label="Featured products" />
        )}
      </div>
    </section>
  );
}

export function Component() {
  const { storeInfo } = useStoreInfo();
  return (
    <div>
      {/* each section a Suspense boundary: React hydrates them apart, after the shell */}
      <Suspense fallback={null}>
        <Hero />
      </Suspense>
      <Suspense fallback={null}>
        <CategoryTiles
          tiles={homeCategoryTiles(storeInfo?.categories, storeInfo?.categoryImages)}
        />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedProducts />
      </Suspense>
      {/* each a Suspense boundary of its own too, inside lazyNearViewport */}
      <WritingEssentials />
      <Newsletter />
    </div>
  );
}
