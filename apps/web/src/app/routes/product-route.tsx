import { ArrowLeft, Bell, Heart, ShoppingCart } from 'lucide-react';
import { Suspense, useId, useState, type ComponentType } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Badge } from '@store/ui/badge';
import { Button } from '@store/ui/button';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { useCart } from '@/state/cart/use-cart';
import { useWishlistHearts } from '@/state/wishlist/wishlist-store';
import { formatInr } from '@store/contracts/money';
import { useProduct } from '@/features/products/api/get-product';
import { AvailabilityLine } from '@/features/products/components/availability-line';
import { Breadcrumbs, productCrumbs } from '@/features/products/components/breadcrumbs';
import { VariantPickers } from '@/features/products/components/option-picker';
import { ProductGallery } from '@/features/products/components/product-gallery';
import { DeliveryLine } from '@/features/delivery/components/delivery-line';
import { QuantityStepper } from '@/components/quantity-stepper';
import {
  isOnSale,
  choiceAvailability,
  choiceLists,
  isSoldOut,
  maxOrderable,
  onlyOption,
  stockCap,
  productSpecs,
  shortProductId,
  type ProductView,
} from '@/features/products/lib/product-view';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';
import { paths } from '@/lib/paths';
import { lazyPart } from '@/app/lazy-module';
import { usePageTitle } from '@/state/store-info/use-page-title';
import { NOT_FOUND_PAGE } from '@store/contracts/page-title';
import { formatRating } from '@store/contracts/review-rules';
import { RatingStars } from '@/components/rating-stars';
import type { ReviewsSectionProps } from '@/features/reviews/components/reviews-section';

// Below the fold and with the product cards' code: fetched as the shopper nears the section or
// first interacts, not with the page; the server's HTML shows it meanwhile, dehydrated (a failed
// chunk leaves the section out rather than the page).
const RelatedProducts = lazyNearViewport(() =>
  import('@/features/products/components/related-products').then(
    (module) => module.RelatedProducts,
    (error: unknown): ComponentType<{ productId: string }> => {
      console.error('Related products could not load', error);
      return () => null;
    },
  ),
);

// The PIN check (its form field, input and lookup) is under the buttons: loaded the same way.
const DeliveryCheck = lazyNearViewport(() =>
  import('@/features/delivery/components/delivery-check').then(
    (module) => module.DeliveryCheck,
    (error: unknown): ComponentType => {
      console.error('The delivery check could not load', error);
      return () => null;
    },
  ),
);

// The Reviews under the product: loaded as the shopper nears it, like the related products; its
// Write a review form is a chunk of its own again (features/reviews).
const ReviewsSection = lazyNearViewport(() =>
  import('@/features/reviews/components/reviews-section').then(
    (module) => module.ReviewsSection,
    (error: unknown): ComponentType<ReviewsSectionProps> => {
      console.error('Reviews could not load', error);
      return () => null;
    },
  ),
);

// A missing product's page: its code loads only when one is drawn (preloaded with a page the
// server drew with it).
const NotFound = lazyPart(['src/features/products/components/product-not-found.tsx'], () =>
  import('@/features/products/components/product-not-found').then((m) => m.ProductNotFound),
);

// "Notify me" on a sold-out variant: its form's code loads only when a shopper opens it.
const NotifyMeForm = lazyPart(['src/features/products/components/notify-me-form.tsx'], () =>
  import('@/features/products/components/notify-me-form').then((m) => m.NotifyMeForm),
);

function ProductSkeleton() {
  return (
    <div className="grid gap-10 md:grid-cols-2" role="status" aria-label="Loading product">
      <Skeleton className="aspect-square w-full rounded-2xl" />
      <div className="space-y-4">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-7 w-32" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-11 w-48" />
      </div>
    </div>
  );
}

function ProductDetail({ product }: { product: ProductView }) {
  const navigate = useNavigate();
  const { addItem } = useCart();
  const wishlist = useWishlistHearts();
  const [size, setSize] = useState<string | undefined>(() =>
    product.sizes.length === 1 && product.sizes[0]?.toLowerCase() === 'one size'
      ? product.sizes[0]
      : undefined,
  );
  const [color, setColor] = useState<string | undefined>(() => onlyOption(product.colors));
  const [wantedQuantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string>();
  const [notifyOpen, setNotifyOpen] = useState(false);
  const specs = productSpecs(product.attributes);
  const onSale = isOnSale(product);
  const stockId = useId();
  const titleId = useId();
  // the chosen size/colour is what counts once chosen; the stepper stops at what is left
  const availability = choiceAvailability(product, { size, color });
  const soldOut = isSoldOut(availability);
  const maxQuantity = Math.max(1, maxOrderable(availability));
  const quantity = Math.min(wantedQuantity, maxQuantity);

  const sizeChosen = () => {
    if (product.sizes.length > 0 && !size) {
      setSizeError('Please select a size');
      toast.error('Please select a size', {
        description: 'You must select a size before adding to cart',
      });
      return false;
    }
    return true;
  };

  const addToCart = () => {
    if (!sizeChosen() || soldOut) return;
    addItem({
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      quantity,
      selectedSize: size,
      selectedColor: color,
      ...choiceLists(product),
      ...stockCap(availability),
    });
    navigate(paths.cart);
  };

  return (
    // an article named by its title: the product itself, apart from the related products' cards
    <article aria-labelledby={titleId} className="grid gap-10 md:grid-cols-2">
      {/* the gallery and the details are Suspense boundaries: React hydrates them apart */}
      <Suspense fallback={null}>
        <ProductGallery product={product} />
      </Suspense>

      <Suspense fallback={null}>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">Product ID: {shortProductId(product.id)}</Badge>
            {product.category && <Badge variant="secondary">{product.category}</Badge>}
            {onSale && <Badge variant="sale">Sale</Badge>}
          </div>
          <h1 id={titleId} className="text-3xl font-semibold leading-tight sm:text-4xl">
            {product.name}
          </h1>
          <p className="flex items-baseline gap-3">
            <span className="text-3xl font-semibold text-primary">{formatInr(product.price)}</span>
            {onSale && product.originalPrice !== undefined && (
              <s className="text-lg text-muted-foreground">
                <span className="sr-only">Original price </span>
                {formatInr(product.originalPrice)}
              </s>
            )}
          </p>
          {product.rating && (
            <a href="#reviews" className="flex w-fit items-center gap-2 text-sm hover:underline">
              <RatingStars average={product.rating.average} count={product.rating.count} />
              <span aria-hidden="true">
                {formatRating(product.rating.average)} ({product.rating.count})
              </span>
            </a>
          )}
          <div className="grid gap-1.5">
            <AvailabilityLine id={stockId} availability={availability} />
            <DeliveryLine />
          </div>
          {product.description && (
            <p className="leading-relaxed text-muted-foreground">{product.description}</p>
          )}

          <VariantPickers
            product={product}
            size={size}
            color={color}
            sizeError={sizeError}
            onSizeChange={(value) => {
              setSize(value);
              setSizeError(undefined);
            }}
            onColorChange={setColor}
          />

          <div className="flex flex-wrap items-center gap-4">
            <QuantityStepper
              value={quantity}
              onChange={(q) => setQuantity(Math.max(1, q))}
              label={`Quantity of ${product.name}`}
              max={maxQuantity}
            />
            {!soldOut ? (
              <Button size="lg" onClick={addToCart} className="flex-1 sm:flex-none">
                <ShoppingCart aria-hidden="true" />
                Add to Cart
              </Button>
            ) : notifyOpen ? null : (
              // sold out: instead of a dead Add to Cart, ask to be told when it is back
              <Button
                size="lg"
                onClick={() => sizeChosen() && setNotifyOpen(true)}
                aria-describedby={stockId}
                className="flex-1 sm:flex-none"
              >
                <Bell aria-hidden="true" />
                Notify me
              </Button>
            )}
            <Button
              size="lg"
              variant="outline"
              aria-pressed={wishlist.isSaved(product.id)}
              onClick={() => wishlist.toggle(product)}
            >
              <Heart
                aria-hidden="true"
                className={wishlist.isSaved(product.id) ? 'fill-primary text-primary' : undefined}
              />
              Wishlist
            </Button>
          </div>

          {soldOut && notifyOpen && (
            <NotifyMeForm
              key={`${size ?? ''}|${color ?? ''}`}
              productId={product.id}
              size={size}
              color={color}
            />
          )}

          <DeliveryCheck />

          {specs.length > 0 && (
            <section
              aria-labelledby="specs-heading"
              className="mt-2 rounded-xl border border-border bg-card p-5"
            >
              <h2 id="specs-heading" className="mb-3 text-lg font-semibold">
                Specifications
              </h2>
              <dl className="divide-y divide-border text-sm">
                {specs.map((attribute) => (
                  <div
                    key={attribute.id ?? attribute.key}
                    className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4 py-2"
                  >
                    <dt className="font-medium text-muted-foreground">{attribute.key}</dt>
                    <dd>
                      {attribute.value.join(', ')}
                      {attribute.metricUnit ? ` ${attribute.metricUnit}` : ''}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </Suspense>
    </article>
  );
}

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: product, isPending } = useProduct(id);
  // the product's name in the tab, as the server's head has it (a missing one: its 404 title)
  usePageTitle(isPending ? null : product ? product.name : NOT_FOUND_PAGE);

  // With no history inside the app (opened directly), Back goes to the listing.
  const goBack = () => (location.key === 'default' ? navigate(paths.products()) : navigate(-1));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-8">
      <div className="mb-6 flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button variant="ghost" onClick={goBack} className="shrink-0">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {product && <Breadcrumbs crumbs={productCrumbs(product)} />}
      </div>
      {isPending ? (
        <ProductSkeleton />
      ) : product ? (
        <>
          <ProductDetail key={product.id} product={product} />
          <ReviewsSection
            key={`reviews-${product.id}`}
            productId={product.id}
            rating={product.rating ?? null}
          />
          <RelatedProducts key={`related-${product.id}`} productId={product.id} />
        </>
      ) : (
        <NotFound />
      )}
    </div>
  );
}
