import { Suspense } from 'react';
import { useCart } from '@/state/cart/use-cart';
import { useWishlistHearts } from '@/state/wishlist/wishlist-store';
import type { ProductView } from '../lib/product-view';
import { ProductCard, ProductCardSkeleton } from './product-card';

/**
 * Product cards in a grid, each able to go in the cart and the wishlist: the listing, home's
 * featured products and "You may also like" all show them this way. `className` sets the columns
 * (two on a phone everywhere); the skeleton takes the same classes, so nothing moves when the
 * cards replace it.
 */
export function ProductGrid({
  products,
  className,
  label,
  busy,
  priorityFirst = false,
}: {
  products: readonly ProductView[];
  className: string;
  label: string;
  /** older results still showing while new ones load */
  busy?: boolean;
  /** the first card's image is the page's largest paint: fetch it first */
  priorityFirst?: boolean;
}) {
  const { addItem } = useCart();
  const wishlist = useWishlistHearts();
  return (
    <ul className={className} aria-label={label} aria-busy={busy}>
      {products.map((product, index) => (
        <li key={product.id} className="flex min-w-0 flex-col *:flex-1">
          {/* each card a Suspense boundary: React hydrates it apart, first when tapped */}
          <Suspense fallback={null}>
            <ProductCard
              product={product}
              onAddToCart={addItem}
              priority={priorityFirst && index === 0}
              saved={wishlist.isSaved(product.id)}
              onToggleWishlist={wishlist.toggle}
            />
          </Suspense>
        </li>
      ))}
    </ul>
  );
}

/** Placeholders of the cards' size in the grid's own classes. */
export function ProductGridSkeleton({
  count,
  className,
  label,
}: {
  count: number;
  className: string;
  label: string;
}) {
  return (
    <div className={className} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
