import { RELATED_LIMIT } from '@store/contracts/limits';
import { cn } from '@store/ui/cn';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useRelatedProducts } from '../api/get-related-products';
import { ProductCardSkeleton } from './product-card';
import { ProductGrid } from './product-grid';

/** Start fetching this far before the section scrolls into view, so the cards are there on arrival. */
const NEAR_VIEWPORT = '600px 0px';

const grid = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4';

/**
 * "You may also like": up to four cards under the product, fetched as the section nears the
 * viewport. Until then (still) and while loading (pulsing) skeletons of the cards' size hold its
 * place; with no related products, or a failed fetch, the section is left out.
 */
export function RelatedProducts({ productId }: { productId: string }) {
  const [ref, near] = useNearViewport<HTMLElement>(NEAR_VIEWPORT);
  const { data: products, isPending } = useRelatedProducts(productId, { enabled: near });
  if (near && !isPending && !products?.length) return null;
  return (
    <section ref={ref} aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="mb-6 text-2xl font-semibold sm:text-3xl">
        You may also like
      </h2>
      {isPending || !products ? (
        <div
          role="status"
          aria-label="Loading related products"
          // still out of sight, the place is only held: no pulse, whose endless animation would
          // also keep a page from ever counting as settled
          className={cn(grid, !near && '[&_*]:animate-none')}
        >
          {Array.from({ length: RELATED_LIMIT }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <ProductGrid products={products} className={grid} label="Related products" />
      )}
    </section>
  );
}
