import { CheckCircle2 } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { Card } from '@store/ui/card';
import { Skeleton } from '@store/ui/skeleton';
import { useOwnOrderQuery } from '@/features/orders/api/get-own-order';
import { CodCodePanel } from '@/features/orders/components/cod-code-panel';
import { OrderReceipt } from '@/features/orders/components/order-receipt';
import { useSession } from '@/state/session/use-session';
import { paths } from '@/lib/paths';

/**
 * The order just paid: `?orderId=` when a payment page sends the shopper back, navigation state
 * when the QR screen saw the payment arrive.
 */
function usePaidOrderId(): string | null {
  const [params] = useSearchParams();
  const state = useLocation().state as { orderId?: unknown } | null;
  const fromState = typeof state?.orderId === 'string' ? state.orderId : null;
  return params.get('orderId')?.trim() || fromState || null;
}

/** The order's number, then its lines and total once loaded (the shopper's own order only). */
function PaidOrder({ orderId }: { orderId: string }) {
  const { isLoggedIn } = useSession();
  const order = useOwnOrderQuery(orderId, isLoggedIn);
  return (
    <Card className="mt-8 w-full max-w-md p-5 text-left sm:p-6">
      <p className="text-sm text-muted-foreground">Order number</p>
      <p className="font-display text-2xl font-semibold tracking-wide" data-testid="order-number">
        {orderId}
      </p>
      {!isLoggedIn ? null : order.isPending ? (
        <div className="mt-5 grid gap-2" role="status" aria-label="Loading your order">
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
          <Skeleton className="h-6" />
        </div>
      ) : order.isError ? (
        <p className="mt-4 text-sm text-muted-foreground">
          Its details could not be loaded here; My Orders shows them.
        </p>
      ) : (
        <div className="mt-5 grid gap-5">
          <CodCodePanel order={order.data} />
          <OrderReceipt order={order.data} />
        </div>
      )}
    </Card>
  );
}

export function Component() {
  const orderId = usePaidOrderId();
  return (
    <section className="paper-texture flex min-h-[60vh] flex-col items-center justify-center px-4 py-20 text-center">
      <CheckCircle2 className="size-16 text-accent" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-semibold">Thank You for Your Order!</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        Your order has been placed successfully. We&apos;ll send you an email with your order
        details shortly.
      </p>
      {orderId && <PaidOrder orderId={orderId} />}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.orders} className={buttonVariants({ size: 'lg' })}>
          View My Orders
        </Link>
        <Link to={paths.home} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
