import { ArrowRight, ShoppingBag, Trash2, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { Button, buttonVariants } from '@store/ui/button';
import { EmptyState } from '@/components/empty-state';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { toast } from '@store/ui/toast';
import { useSession } from '@/state/session/use-session';
import { formatInr, sumRupees } from '@store/contracts/money';
import { choicesNeededText, firstUndecidedLine, missingChoices } from '@/lib/cart-line';
import { useCart } from '@/state/cart/use-cart';
import { chooseOptions, clearCart, removeItem, updateQuantity } from '@/state/cart/cart-edits';
import { lineKey, maxLineQuantity, type CartLine } from '@/state/cart/cart-reducer';
import { QuantityStepper } from '@/components/quantity-stepper';
import { stockMessages } from '@store/contracts/stock';
import { stockLeftFromState } from '@/state/cart/short-lines';
import { PricedTotals } from '@/features/pricing/components/priced-totals';
import { usePricedCart } from '@/features/pricing/lib/use-priced-cart';
import { paths } from '@/lib/paths';
import { NO_LONGER_AVAILABLE } from '@store/contracts/list-changes';
import { lineKeyOf, useListChecks } from '@/state/account-lists/list-views';
import { refreshCart } from '@/state/account-lists/account-sync';

/** A choice the line still lacks: the shop must know which size or colour to pack. */
function ChoiceSelect({ line, kind }: { line: CartLine; kind: 'size' | 'colour' }) {
  const id = useId();
  const options = (kind === 'size' ? line.sizeOptions : line.colorOptions) ?? [];
  const label = kind === 'size' ? 'Size' : 'Colour';
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Label htmlFor={id} className="text-sm text-muted-foreground">
        {label}
        <span className="sr-only"> for {line.name}</span>
      </Label>
      <Select
        id={id}
        value=""
        aria-describedby={`${id}-hint`}
        className="h-9 w-40 max-w-full text-sm"
        onChange={(event) =>
          chooseOptions(
            line,
            kind === 'size' ? { size: event.target.value } : { color: event.target.value },
          )
        }
      >
        <option value="" disabled>
          Choose a {kind}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
      <span id={`${id}-hint`} className="text-xs text-destructive">
        Needed before checkout
      </span>
    </div>
  );
}

/** A line the last order attempt found short: what is left, until the quantity fits it. */
function ShortLineNote({ line, left }: { line: CartLine; left: number | undefined }) {
  if (left === undefined || line.quantity <= left) return null;
  return (
    <p className="mt-1 text-sm font-semibold text-destructive" data-testid="short-line">
      {left === 0
        ? `${stockMessages.soldOut}: remove it to place your order`
        : `${stockMessages.onlyLeft(left)}: lower the quantity to ${left}`}
    </p>
  );
}

/** What the last check of the line found: gone from the shop, or a new price. */
function LineCheckNotes({ line, unavailable }: { line: CartLine; unavailable: boolean }) {
  const priceWas = useListChecks((state) => state.cart[lineKeyOf(line)]?.priceWas);
  return (
    <>
      {priceWas !== undefined && priceWas !== line.price && (
        <p className="text-sm text-muted-foreground" data-testid="price-changed">
          Price changed from {formatInr(priceWas)}
        </p>
      )}
      {unavailable && (
        <p className="mt-1 text-sm font-semibold text-destructive" data-testid="unavailable-line">
          {NO_LONGER_AVAILABLE}: remove it to place your order
        </p>
      )}
    </>
  );
}

function CartLineItem({ line, left }: { line: CartLine; left?: number }) {
  const { items } = useCart();
  const unavailable = useListChecks(
    (state) => state.cart[lineKeyOf(line)]?.status === 'unavailable',
  );
  const href = paths.product(line.id);
  const missing = missingChoices(line);
  const options = [
    line.selectedSize && `Size: ${line.selectedSize}`,
    line.selectedColor && `Colour: ${line.selectedColor}`,
  ]
    .filter(Boolean)
    .join(' · ');
  // A grid, so that on a phone the remove button sits beside the name and the quantity and line
  // total get their own row: in one row they pushed the button out of the card at 390 px (a
  // ₹11,988 line). From sm up it is one row: picture, name, quantity, total, remove.
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-4 gap-y-3 py-5 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] sm:items-center">
      <div className="row-span-2 self-start sm:row-span-1">
        <ProductThumbnail href={href} image={line.image} size={96} />
      </div>
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h3 className="font-display text-lg font-semibold leading-snug">
          <Link to={href} className="hover:text-primary">
            {line.name}
          </Link>
        </h3>
        {options && <p className="text-sm text-muted-foreground">{options}</p>}
        {missing.length > 0 && (
          <div className="my-2 flex flex-col gap-2">
            {missing.map((kind) => (
              <ChoiceSelect key={kind} line={line} kind={kind} />
            ))}
          </div>
        )}
        <p className="text-sm text-muted-foreground">{formatInr(line.price)} each</p>
        <LineCheckNotes line={line} unavailable={unavailable} />
        {/* the last order attempt's count, else what the last check (or the product page) said */}
        {!unavailable && <ShortLineNote line={line} left={left ?? line.stockLeft} />}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="col-start-3 row-start-1 self-start sm:col-start-4 sm:self-center"
        aria-label={`Remove ${line.name}`}
        onClick={() => removeItem(line)}
      >
        <X aria-hidden="true" />
      </Button>
      <div className="col-span-2 col-start-2 flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:flex-nowrap">
        <QuantityStepper
          value={line.quantity}
          label={`Quantity of ${line.name}`}
          max={
            left !== undefined && left > 0
              ? Math.min(left, maxLineQuantity(items, line))
              : maxLineQuantity(items, line)
          }
          onChange={(quantity) => updateQuantity(line, quantity)}
        />
        <p className="text-right font-semibold tabular-nums sm:w-24">
          {formatInr(sumRupees([line]))}
        </p>
      </div>
    </li>
  );
}

export function Component() {
  const { items, total, itemCount } = useCart();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  // lines the checkout's last attempt found short (its 409), handed over with "Change your cart"
  const stockLeft = stockLeftFromState(useLocation().state);
  const checks = useListChecks((state) => state.cart);
  // every view checks the lines against the shop (price, stock, still sold); offline, they stay
  useEffect(() => {
    refreshCart().catch(() => undefined);
  }, []);
  // the totals and the Coupon code, priced by the server as the order will be
  const priced = usePricedCart(items);

  const checkout = () => {
    const undecided = firstUndecidedLine(items);
    if (undecided) {
      toast.error('Choose your options', { description: choicesNeededText(undecided) });
      return;
    }
    const gone = items.find((line) => checks[lineKeyOf(line)]?.status === 'unavailable');
    if (gone) {
      toast.error(NO_LONGER_AVAILABLE, {
        description: `${gone.name} is no longer sold: remove it to place your order`,
      });
      return;
    }
    if (!isLoggedIn) {
      toast('Login Required', { description: 'Please login to proceed with checkout' });
      navigate(paths.login, {
        state: { from: { pathname: paths.checkout, search: '', hash: '' } },
      });
      return;
    }
    navigate(paths.checkout);
  };

  if (items.length === 0) {
    return (
      <EmptyState
        icon={ShoppingBag}
        title="Your cart is empty"
        action={
          <Link to={paths.home} className={buttonVariants({ size: 'lg' })}>
            Continue Shopping
          </Link>
        }
      >
        Looks like you haven't added anything yet. Our diaries and notebooks are waiting.
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold sm:text-4xl">Shopping Cart</h1>
        <Button variant="outline" onClick={() => clearCart()}>
          <Trash2 aria-hidden="true" />
          Clear Cart
        </Button>
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <section aria-label="Cart items" className="rounded-xl border border-border bg-card px-5">
          <ul className="divide-y divide-border">
            {items.map((line) => (
              <CartLineItem key={lineKey(line)} line={line} left={stockLeft[lineKey(line)]} />
            ))}
          </ul>
        </section>
        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-xl border border-border bg-card p-6 lg:sticky lg:top-24"
        >
          <h2 id="summary-heading" className="text-xl font-semibold">
            Order Summary
          </h2>
          <div className="mt-4">
            <PricedTotals priced={priced} subtotal={total} itemCount={itemCount} />
          </div>
          <Button size="lg" className="mt-6 w-full" onClick={checkout}>
            Checkout
            <ArrowRight aria-hidden="true" />
          </Button>
          <Link
            to={paths.products()}
            className={`${buttonVariants({ variant: 'link' })} mt-2 w-full`}
          >
            Continue Shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}
