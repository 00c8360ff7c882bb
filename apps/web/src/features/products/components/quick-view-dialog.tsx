import { Bell, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useId, useState, type RefObject } from 'react';
import { focusOnClose } from '@/lib/focus-on-close';
import { Link } from 'react-router';
import { Badge } from '@store/ui/badge';
import { Button, buttonVariants } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { formatInr } from '@store/contracts/money';
import { FALLBACK_IMAGE } from '@/lib/images';
import {
  choiceAvailability,
  isOnSale,
  isSoldOut,
  onlyOption,
  type ProductView,
  type VariantChoice,
} from '../lib/product-view';
import { paths } from '@/lib/paths';
import { VariantPickers } from './option-picker';
import { PICTURE_SIZES, ProductPicture } from './product-picture';
import { StockNote } from './stock-note';

// the product page's Notify me form, loaded when a shopper asks for it on a sold-out product
const NotifyMeForm = lazy(() =>
  import('./notify-me-form').then((m) => ({ default: m.NotifyMeForm })),
);

interface QuickViewDialogProps {
  product: ProductView;
  onOpenChange: (open: boolean) => void;
  /** with the size and colour picked here (unpicked ones the cart asks for later) */
  onAddToCart: (choice: VariantChoice) => void;
  /** the button that opened it, which has the focus again once it closes */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** opened from a sold-out card's Notify me: the form shows at once when no option is left to pick */
  notify?: boolean;
}

/**
 * A look at a product without leaving the list: picture, price, description and its options, with
 * the card's Add to Cart, or Notify me (the product page's form) on a sold-out choice. Loaded on
 * first use, so Radix and the form stay out of the listing's bundle.
 */
export default function QuickViewDialog({
  product,
  onOpenChange,
  onAddToCart,
  returnFocusTo,
  notify = false,
}: QuickViewDialogProps) {
  const href = paths.product(product.id);
  const stockId = useId();
  const [size, setSize] = useState(() => onlyOption(product.sizes));
  const [color, setColor] = useState(() => onlyOption(product.colors));
  // the picked variant counts once every option is picked; until then the product as a whole
  const availability = choiceAvailability(product, { size, color });
  const soldOut = isSoldOut(availability);
  // a stock alert is for one variant: every option the product has must be picked first
  const unpicked =
    product.sizes.length > 0 && !size
      ? 'Please select a size'
      : product.colors.length > 0 && !color
        ? 'Please select a colour'
        : undefined;
  const [notifyOpen, setNotifyOpen] = useState(notify && !unpicked);
  const [pickFirst, setPickFirst] = useState<string>();
  const askToNotify = () => {
    setPickFirst(unpicked);
    if (!unpicked) setNotifyOpen(true);
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel="Close quick view"
        onCloseAutoFocus={focusOnClose(returnFocusTo)}
        className="grid w-[min(44rem,calc(100vw-2rem))] gap-6 sm:grid-cols-2"
      >
        <ProductPicture
          srcset={product.srcsets?.[product.image]}
          sizes={PICTURE_SIZES.quickView}
          src={product.image || FALLBACK_IMAGE}
          alt={product.name}
          width={320}
          height={320}
          className="aspect-square w-full rounded-lg bg-muted object-cover"
        />
        <div className="flex flex-col gap-3">
          {product.category && (
            <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
              {product.category}
            </p>
          )}
          <DialogTitle className="font-display text-2xl font-semibold leading-tight">
            {product.name}
          </DialogTitle>
          <p className="flex items-baseline gap-2">
            <span className="text-xl font-semibold">{formatInr(product.price)}</span>
            {isOnSale(product) && product.originalPrice !== undefined && (
              <>
                <s className="text-muted-foreground">
                  <span className="sr-only">Original price </span>
                  {formatInr(product.originalPrice)}
                </s>
                <Badge variant="sale">Sale</Badge>
              </>
            )}
          </p>
          <DialogDescription className="line-clamp-5 text-sm text-muted-foreground">
            {product.description || 'No description yet.'}
          </DialogDescription>
          <VariantPickers
            product={product}
            namePrefix="quick-view-"
            size={size}
            color={color}
            onSizeChange={setSize}
            onColorChange={setColor}
          />
          <StockNote id={stockId} availability={availability} />
          <div className="mt-auto grid gap-2">
            {!soldOut ? (
              <Button onClick={() => onAddToCart({ size, color })}>
                <ShoppingCart aria-hidden="true" />
                Add to Cart
              </Button>
            ) : notifyOpen ? (
              <Suspense fallback={null}>
                <NotifyMeForm
                  key={`${size ?? ''}|${color ?? ''}`}
                  productId={product.id}
                  size={size}
                  color={color}
                />
              </Suspense>
            ) : (
              // sold out: instead of a dead Add to Cart, ask to be told when it is back
              <>
                <Button onClick={askToNotify} aria-describedby={stockId}>
                  <Bell aria-hidden="true" />
                  Notify me
                </Button>
                {pickFirst && unpicked ? (
                  <p role="alert" className="text-sm text-destructive">
                    {unpicked}
                  </p>
                ) : null}
              </>
            )}
            <Link to={href} className={buttonVariants({ variant: 'outline' })}>
              View full details
            </Link>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
