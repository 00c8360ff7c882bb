import { Heart, X } from 'lucide-react';
import { Link } from 'react-router';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { Button, buttonVariants } from '@store/ui/button';
import { EmptyState } from '@/components/empty-state';
import { formatInr } from '@store/contracts/money';
import { removeWishlistItem, useWishlist } from '@/state/wishlist/wishlist-store';
import { paths } from '@/lib/paths';

/** /wishlist: the products a shopper saved with the heart, kept in this browser. */
export function Component() {
  const items = useWishlist();

  if (items.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title="Your wishlist is empty"
        action={
          <Link to={paths.products()} className={buttonVariants({ size: 'lg' })}>
            Browse Products
          </Link>
        }
      >
        Tap the heart on a product to keep it here for later.
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 lg:px-8">
      <h1 className="mb-2 text-3xl font-semibold sm:text-4xl">My Wishlist</h1>
      <p className="mb-6 text-muted-foreground">
        {items.length} {items.length === 1 ? 'product' : 'products'} saved in this browser. Open one
        to choose its size and add it to your cart.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map((item) => {
          const href = paths.product(item.id);
          return (
            <li
              key={item.id}
              className="flex items-center gap-4 rounded-xl border border-border bg-card p-4 shadow-sm"
            >
              <ProductThumbnail href={href} image={item.image} size={88} />
              <div className="min-w-0 flex-1">
                <h2 className="font-display text-lg font-semibold leading-snug">
                  <Link to={href} className="hover:text-primary">
                    {item.name}
                  </Link>
                </h2>
                <p className="mt-1 font-semibold">{formatInr(item.price)}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${item.name} from wishlist`}
                onClick={() => removeWishlistItem(item.id)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
