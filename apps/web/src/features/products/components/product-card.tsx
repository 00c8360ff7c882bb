import { Bell, Eye, Heart, Info, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@store/ui/badge';
import { Button, buttonVariants } from '@store/ui/button';
import { Skeleton } from '@store/ui/skeleton';
import { cn } from '@store/ui/cn';
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
import { RatingStars } from '@/components/rating-stars';
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

/*
 * The card and its skeleton share these classes, so the skeleton has the card's exact height and
 * nothing moves when products arrive. Sizes follow the card's own width (a container query), not
 * the screen's: a card narrower than 16rem (two columns on a phone) gets a 4:5 image and tighter
 * type, a wider one the 300 px image of the spec, wherever the card is used.
 */
const cardClass =
  '@container group flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm';
const imageBoxClass =
  'relative aspect-[4/5] overflow-hidden bg-muted @min-[16rem]:aspect-auto @min-[16rem]:h-[300px]';
const bodyClass = 'flex flex-1 flex-col gap-2 p-3 @min-[16rem]:p-4';
const categoryClass = 'truncate text-xs font-medium uppercase tracking-wider text-muted-foreground';
// two lines kept for every title, so prices line up and a one-line title is as tall as the skeleton
const titleClass =
  'min-h-[2lh] font-display text-base font-semibold leading-snug @min-[16rem]:text-lg';
const priceClass = 'mt-auto flex min-w-0 items-baseline gap-2 whitespace-nowrap';
const priceTextClass = 'text-base font-semibold text-foreground @min-[16rem]:text-lg';
// the stock note's line, kept when there is none to say ("Only 2 left" would otherwise grow a card)
const stockSlotClass = 'min-h-5';

export function ProductCard({
  product,
  onAddToCart,
  priority = false,
  saved = false,
  onToggleWishlist,
}: ProductCardProps) {
  const href = paths.product(product.id);
  const onSale = isOnSale(product);
  // 'notify': opened from a sold-out card's Notify me, so the quick view offers its form at once
  const [quickView, setQuickView] = useState<false | 'look' | 'notify'>(false);
  const quickViewButton = useRef<HTMLButtonElement>(null);
  const notifyButton = useRef<HTMLButtonElement>(null);
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
    <article className={cn(cardClass, 'transition-shadow hover:shadow-lg')}>
      <div className={imageBoxClass}>
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
            screen has no hover, so there they always show, and so they do on a phone-sized card
            (under 16rem) whatever the browser says of hover: some phones report their stylus
            as a hovering pointer, and there the buttons were out of reach (issue 26). */}
        <div className="pointer-events-none absolute inset-0 flex items-end justify-center gap-2 bg-gradient-to-t from-black/45 via-black/10 to-transparent p-2 opacity-0 @min-[16rem]:p-4 transition-opacity duration-300 group-hover:pointer-events-auto group-hover:opacity-100 group-focus-within:pointer-events-auto group-focus-within:opacity-100 @max-[16rem]:pointer-events-auto @max-[16rem]:bg-none @max-[16rem]:opacity-100 [@media(hover:none)]:pointer-events-auto [@media(hover:none)]:bg-none [@media(hover:none)]:opacity-100">
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
            ref={quickViewButton}
            onClick={() => setQuickView('look')}
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
      <div className={bodyClass}>
        {/* the stars share the category's line, so a rated card is as tall as any other */}
        <div className="flex min-w-0 items-center justify-between gap-2">
          <p className={cn(categoryClass, 'min-w-0')}>{product.category || '\u00a0'}</p>
          {product.rating && (
            <RatingStars
              average={product.rating.average}
              count={product.rating.count}
              className="shrink-0 text-sm"
            />
          )}
        </div>
        <h3 className={titleClass}>
          <Link to={href} className="line-clamp-2 hover:text-primary">
            {product.name}
          </Link>
        </h3>
        <p className={priceClass}>
          <span className={priceTextClass}>{formatInr(product.price)}</span>
          {onSale && product.originalPrice !== undefined && (
            <s className="truncate text-sm text-muted-foreground">
              <span className="sr-only">Original price </span>
              {formatInr(product.originalPrice)}
            </s>
          )}
        </p>
        <div className={stockSlotClass}>
          <StockNote id={stockId} availability={availability} />
        </div>
        {soldOut ? (
          // no dead Add to Cart: Notify me, as on the product page, in the quick view (its form
          // loads with it, so the listing's first load carries only this button)
          <Button
            ref={notifyButton}
            onClick={() => setQuickView('notify')}
            aria-describedby={stockId}
            aria-haspopup="dialog"
            className="mt-1 w-full"
            aria-label={`Notify me when ${product.name} is back`}
          >
            <Bell aria-hidden="true" />
            Notify me
          </Button>
        ) : (
          <Button
            onClick={() => addToCart()}
            className="mt-1 w-full"
            aria-label={`Add ${product.name} to cart`}
          >
            <ShoppingCart aria-hidden="true" />
            Add to Cart
          </Button>
        )}
      </div>
      {quickView && (
        <Suspense fallback={null}>
          <QuickViewDialog
            product={product}
            onOpenChange={(open) => setQuickView(open ? quickView : false)}
            returnFocusTo={quickView === 'notify' ? notifyButton : quickViewButton}
            notify={quickView === 'notify'}
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

/** Placeholder with the card's classes and lines (see the class constants above). */
export function ProductCardSkeleton() {
  const line = (width: string) => (
    <span className={cn('inline-block animate-pulse rounded bg-muted', width)}>{'\u00a0'}</span>
  );
  return (
    <div className={cardClass} data-testid="product-card-skeleton" aria-hidden="true">
      <div className={cn(imageBoxClass, 'animate-pulse')} />
      <div className={bodyClass}>
        <p className={categoryClass}>{line('w-1/3')}</p>
        <p className={titleClass}>{line('w-3/4')}</p>
        <p className={priceClass}>
          <span className={cn(priceTextClass, 'w-1/4')}>{line('w-full')}</span>
        </p>
        <div className={stockSlotClass} />
        <Skeleton className="mt-1 h-10 w-full rounded-md" />
      </div>
    </div>
  );
}
