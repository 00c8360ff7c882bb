import { Dialog } from 'radix-ui';
import { ShoppingCart, X } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatInr } from '@/lib/format';
import { FALLBACK_IMAGE, showFallbackImage } from '@/lib/images';
import { isOnSale, type ProductView } from '../lib/product-view';

interface QuickViewDialogProps {
  product: ProductView;
  onOpenChange: (open: boolean) => void;
  onAddToCart: () => void;
}

/**
 * A look at a product without leaving the list: picture, price, description and its options, with
 * the card's Add to Cart. Loaded on first use, so Radix stays out of the listing's bundle.
 */
export default function QuickViewDialog({
  product,
  onOpenChange,
  onAddToCart,
}: QuickViewDialogProps) {
  const href = `/product/${encodeURIComponent(product.id)}`;
  const options = [
    product.sizes.length > 0 && `Sizes: ${product.sizes.join(', ')}`,
    product.colors.length > 0 && `Colours: ${product.colors.join(', ')}`,
  ].filter(Boolean);
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-6 overflow-y-auto rounded-xl border border-border bg-background p-6 shadow-xl focus-visible:outline-none sm:grid-cols-2">
          <img
            src={product.image || FALLBACK_IMAGE}
            alt={product.name}
            width={320}
            height={320}
            onError={showFallbackImage}
            className="aspect-square w-full rounded-lg bg-muted object-cover"
          />
          <div className="flex flex-col gap-3">
            {product.category && (
              <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                {product.category}
              </p>
            )}
            <Dialog.Title className="font-display text-2xl font-semibold leading-tight">
              {product.name}
            </Dialog.Title>
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
            <Dialog.Description className="line-clamp-5 text-sm text-muted-foreground">
              {product.description || 'No description yet.'}
            </Dialog.Description>
            {options.length > 0 && (
              <ul className="text-sm">
                {options.map((line) => (
                  <li key={String(line)}>{line}</li>
                ))}
              </ul>
            )}
            <div className="mt-auto grid gap-2">
              <Button onClick={onAddToCart}>
                <ShoppingCart aria-hidden="true" />
                Add to Cart
              </Button>
              <Link to={href} className={buttonVariants({ variant: 'outline' })}>
                View full details
              </Link>
            </div>
          </div>
          <Dialog.Close
            className="absolute right-3 top-3 rounded-md p-2 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Close quick view"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
