import { ShoppingCart } from 'lucide-react';
import { useId, useState, type RefObject } from 'react';
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

interface QuickViewDialogProps {
  product: ProductView;
  onOpenChange: (open: boolean) => void;
  /** with the size and colour picked here (unpicked ones the cart asks for later) */
  onAddToCart: (choice: VariantChoice) => void;
  /** the button that opened it, which has the focus again once it closes */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * A look at a product without leaving the list: picture, price, description and its options, with
 * the card's Add to Cart. Loaded on first use, so Radix stays out of the listing's bundle.
 */
export default function QuickViewDialog({
  product,
  onOpenChange,
  onAddToCart,
  returnFocusTo,
}: QuickViewDialogProps) {
  const href = paths.product(product.id);
  const stockId = useId();
  const [size, setSize] = useState(() => onlyOption(product.sizes));
  const [color, setColor] = useState(() => onlyOption(product.colors));
  // the picked variant counts once every option is picked; until then the product as a whole
  const availability = choiceAvailability(product, { size, color });
  const soldOut = isSoldOut(availability);
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
            <Button
              onClick={() => onAddToCart({ size, color })}
              disabled={soldOut}
              aria-describedby={soldOut ? stockId : undefined}
            >
              <ShoppingCart aria-hidden="true" />
              Add to Cart
            </Button>
            <Link to={href} className={buttonVariants({ variant: 'outline' })}>
              View full details
            </Link>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
