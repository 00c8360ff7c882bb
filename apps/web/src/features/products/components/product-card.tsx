import { Eye, Heart, Info, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@store/ui/badge';
import { Button, buttonVariants } from '@store/ui/button';
import { Skeleton } from '@store/ui/skeleton';
import type { CartLine } from '@/lib/cart-line';
import { formatInr } from '@store/contracts/money';
import { FALLBACK_IMAGE } from '@/lib/images';
import {
  choiceAvailability,
  choiceLists,
  isOnSale,
  isSoldOut,
  onlyOption,
  stockCap,
  type ProductView,
  type VariantChoice,
} from '../lib/product-view';
import { paths } from '@/lib/paths';
import { PICTURE_SIZES, ProductPicture } from './product-picture';
import { StockNote } from './stock-note';

const QuickViewDialog = lazy(() => import('./quick-view-dialog'));

/** What the card hands to the cart: a cart line. */
export type AddToCartItem = CartLine;

interface ProductCardProps {
  product: ProductView;
  onAddToCart: (item: AddToCartItem) => void;
  /** the first card above the fold loads eagerly with high fetch priority */
  priority?: boolean;
  /** whether the shopper saved it to the wishlist */
  saved?: boolean;
  /** the heart: save or forget the product; without it the heart is not shown */
  onToggleWishlist?: (product: ProductView) => void;
}

export const CARD_IMAGE_HEIGHT = 300;

export function ProductCard({
  product,
  onAddToCart,
  priority = false,
  saved = false,
  onToggleWishlist,
}: ProductCardProps) {
  const href = paths.product(product.id);
  const onSale = isOnSale(product);
  const [quickView, setQuickView] = useState(false);
  const stockId = useId();
  const preselected: VariantChoice = {
    size: onlyOption(product.sizes),
    color: onlyOption(product.colors),
  };
  const availability = choiceAvailability(product, preselected);
  const soldOut = isSoldOut(availability);

  /** the quick view may pass the size and colour the shopper picked there */
  const addToCart = (choice: VariantChoice = preselected) => {
    const chosen = choiceAvailability(product, choice);
    if (isSoldOut(chosen)) return;
    onAddToCart({
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      quantity: 1,
      selectedSize: choice.size,
      selectedColor: choice.color,
      ...choiceLists(product),
      ...stockCap(chosen),
    });
  };

  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-lg">
      <div className="relative h-[300px] overflow-hidden bg-muted">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductPicture
            srcset={product.srcsets?.[product.image]}
            sizes={PICTURE_SIZES.card}
            src={product.image || FALLBACK_IMAGE}
            alt={product.name}
            width={400}
            height={CARD_IMAGE_HEIGHT}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover transition-transform duration-500 ease-out group-hover:scale-110"
          />
        </Link>
        {onSale && (
          <Badge variant="sale" className="absolute left-3 top-3">
            Sale
          </Badge>
        )}
        {/* Overlay actions: revealed on hover and when any of them has keyboard focus; a touch
            screen has no hover, so there they always show. */}
        <div className="pointer-events-none absolute inset-0 flex items-end justify-center gap-2 bg-gradient-to-t from-black/45 via-black/10 to-transparent p-4 opacity-0 transition-opacity duration-300 group-hover:pointer-events-auto group-hover:opacity-100 group-focus-within:pointer-events-auto group-focus-within:opacity-100 [@media(hover:none)]:pointer-events-auto [@media(hover:none)]:bg-none [@media(hover:none)]:opacity-100">
          {onToggleWishlist && (
            <Button
              size="round"
              variant="overlay"
              aria-label={`Save ${product.name} to wishlist`}
              aria-pressed={saved}
              onClick={() => onToggleWishlist(product)}
            >
              <Heart
                aria-hidden="true"
                className={saved ? 'fill-primary text-primary' : undefined}
              />
            </Button>
          )}
          <Button
            size="round"
            variant="overlay"
            aria-label={`Quick view ${product.name}`}
            aria-haspopup="dialog"
            onClick={() => setQuickView(true)}
          >
            <Eye aria-hidden="true" />
          </Button>
          <Link
            to={href}
            aria-label={`Details of ${product.name}`}
            className={buttonVariants({ size: 'round', variant: 'overlay' })}
          >
            <Info aria-hidden="true" />
          </Link>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.category && (
          <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
            {product.category}
          </p>
        )}
        <h3 className="font-display text-lg font-semibold leading-snug">
          <Link to={href} className="line-clamp-2 hover:text-primary">
            {product.name}
          </Link>
        </h3>
        <p className="mt-auto flex items-baseline gap-2">
          <span className="text-lg font-semibold text-foreground">{formatInr(product.price)}</span>
          {onSale && product.originalPrice !== undefined && (
            <s className="text-sm text-muted-foreground">
              <span className="sr-only">Original price </span>
              {formatInr(product.originalPrice)}
            </s>
          )}
        </p>
        <StockNote id={stockId} availability={availability} />
        <Button
          onClick={() => addToCart()}
          disabled={soldOut}
          aria-describedby={soldOut ? stockId : undefined}
          className="mt-1 w-full"
          aria-label={`Add ${product.name} to cart`}
        >
          <ShoppingCart aria-hidden="true" />
          Add to Cart
        </Button>
      </div>
      {quickView && (
        <Suspense fallback={null}>
          <QuickViewDialog
            product={product}
            onOpenChange={setQuickView}
            onAddToCart={(choice) => {
              addToCart(choice);
              setQuickView(false);
            }}
          />
        </Suspense>
      )}
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-card"
      data-testid="product-card-skeleton"
    >
      <div className="h-[300px] animate-pulse bg-muted" aria-hidden="true" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-1/4" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
