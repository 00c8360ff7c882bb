import { Heart, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatInr } from '@/lib/format';
import { FALLBACK_IMAGE, showFallbackImage } from '@/lib/images';
import { removeWishlistItem, useWishlist } from '../wishlist-store';

/** /wishlist: the products a shopper saved with the heart, kept in this browser. */
export function Component() {
  const items = useWishlist();

  if (items.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <span className="rounded-full bg-muted p-5">
          <Heart className="size-10 text-primary" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold">Your wishlist is empty</h1>
        <p className="text-muted-foreground">
          Tap the heart on a product to keep it here for later.
        </p>
        <Link to="/products" className={buttonVariants({ size: 'lg' })}>
          Browse Products
        </Link>
      </section>
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
          const href = `/product/${encodeURIComponent(item.id)}`;
          return (
            <li
              key={item.id}
              className="flex items-center gap-4 rounded-xl border border-border bg-card p-4 shadow-sm"
            >
              <Link
                to={href}
                tabIndex={-1}
                aria-hidden="true"
                className="shrink-0 overflow-hidden rounded-lg bg-muted"
              >
                <img
                  src={item.image || FALLBACK_IMAGE}
                  alt=""
                  width={88}
                  height={88}
                  loading="lazy"
                  onError={showFallbackImage}
                  className="size-22 object-cover"
                />
              </Link>
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
