import { Heart, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { Button, buttonVariants } from '@store/ui/button';
import { EmptyState } from '@/components/empty-state';
import { formatInr } from '@store/contracts/money';
import { removeWishlistItem, useWishlist } from '@/state/wishlist/wishlist-store';
import { paths } from '@/lib/paths';
import { NO_LONGER_AVAILABLE } from '@store/contracts/list-changes';
import { stockMessages } from '@store/contracts/stock';
import { useListChecks, type ListCheck } from '@/state/account-lists/list-views';
import { refreshWishlist } from '@/state/account-lists/account-sync';
import { useSession } from '@/state/session/use-session';

/** What the last check found: gone from the shop, sold out or low, a new price. */
function ItemCheckNotes({ check, price }: { check: ListCheck | undefined; price: number }) {
  if (!check) return null;
  const stock =
    check.status === 'unavailable'
      ? NO_LONGER_AVAILABLE
      : check.status === 'sold_out'
        ? stockMessages.soldOut
        : check.status === 'low_stock' && check.left !== null
          ? stockMessages.onlyLeft(check.left)
          : null;
  return (
    <>
      {check.priceWas !== undefined && check.priceWas !== price && (
        <p className="text-sm text-muted-foreground" data-testid="price-changed">
          Price changed from {formatInr(check.priceWas)}
        </p>
      )}
      {stock && (
        <p className="text-sm font-semibold text-destructive" data-testid="item-stock">
          {stock}
        </p>
      )}
    </>
  );
}

/**
 * /wishlist: the products a shopper saved with the heart: a visitor's kept in this browser, a
 * signed-in shopper's with their account (the same on every device).
 */
export function Component() {
  const items = useWishlist();
  const { isLoggedIn } = useSession();
  const checks = useListChecks((state) => state.wishlist);
  const savedWhere = isLoggedIn
    ? 'saved to your account, on every device you sign in on'
    : 'saved in this browser';
  // every view checks the saved products against the shop (price, stock, still sold)
  useEffect(() => {
    refreshWishlist().catch(() => undefined);
  }, []);

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
        {items.length} {items.length === 1 ? 'product' : 'products'} {savedWhere}. Open one to
        choose its size and add it to your cart.
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
                <ItemCheckNotes check={checks[item.id]} price={item.price} />
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
