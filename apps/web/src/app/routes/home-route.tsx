import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useCart } from '@/state/cart/use-cart';
import { useWishlistHearts } from '@/state/wishlist/wishlist-store';
import { useFeaturedProducts } from '@/features/products/api/get-featured-products';
import { ProductCard, ProductCardSkeleton } from '@/features/products/components/product-card';
import { useStoreInfo } from '@/state/store-info/use-store-info';
import { CategoryTiles, type CategoryTile } from '@/features/home/components/category-tiles';
import { Hero } from '@/features/home/components/hero';
import { Newsletter } from '@/features/home/components/newsletter';
import { WritingEssentials } from '@/features/home/components/writing-essentials';
import { paths } from '@/lib/paths';

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

function FeaturedProducts() {
  const { data: products, isPending } = useFeaturedProducts();
  const { addItem } = useCart();
  const wishlist = useWishlistHearts();
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
          <div
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
            role="status"
            aria-label="Loading featured products"
          >
            {Array.from({ length: 4 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : !products?.length ? (
          <p className="rounded-xl border border-dashed border-border py-12 text-center text-muted-foreground">
            No featured products available at the moment.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Featured products">
            {products.map((product) => (
              <li key={product.id} className="flex flex-col *:flex-1">
                <ProductCard
                  product={product}
                  onAddToCart={addItem}
                  saved={wishlist.isSaved(product.id)}
                  onToggleWishlist={wishlist.toggle}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function Component() {
  const { storeInfo } = useStoreInfo();
  return (
    <>
      <Hero />
      <CategoryTiles tiles={homeCategoryTiles(storeInfo?.categories, storeInfo?.categoryImages)} />
      <FeaturedProducts />
      <WritingEssentials />
      <Newsletter />
    </>
  );
}
