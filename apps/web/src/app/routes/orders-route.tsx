import { countOf } from '@store/contracts/text';
import { useEffect } from 'react';
import { CircleAlert, PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@store/ui/button';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { useOrdersQuery } from '@/features/orders/api/get-orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { paths } from '@/lib/paths';

const loadFailed = 'Failed to load your orders. Please try again.';

export function Component() {
  const {
    data,
    isPending,
    isError,
    isRefetching,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useOrdersQuery();

  useEffect(() => {
    if (isError) toast.error(loadFailed, { id: 'orders-load-error' });
  }, [isError]);

  const loadMore = async () => {
    // a failed further page keeps what is shown, and the button stays to try again
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) toast.error(loadFailed, { id: 'orders-load-error' });
  };

  const pages = data?.pages ?? [];
  const orders = pages.flatMap((page) => page.orders);
  const total = pages[0]?.total;
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold">My Orders</h1>
      {isPending ? (
        <div className="grid gap-6" role="status" aria-label="Loading your orders">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : orders.length === 0 && isError ? (
        // a failed load is not an empty history: say so (the spec's words) and offer to try again
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center"
        >
          <CircleAlert className="size-12 text-destructive" aria-hidden="true" />
          <h2 className="text-xl font-semibold">Your orders could not be loaded</h2>
          <p className="text-muted-foreground">{loadFailed}</p>
          <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
            {isRefetching ? 'Trying again...' : 'Try Again'}
          </Button>
        </div>
      ) : orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center">
          <PackageOpen className="size-12 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No Orders Found</h2>
          <p className="text-muted-foreground">You haven&apos;t placed any orders yet.</p>
          <Link to={paths.products()} className={buttonVariants({ className: 'mt-2' })}>
            Browse Products
          </Link>
        </div>
      ) : (
        <div className="grid gap-6">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          <div className="grid justify-items-center gap-2">
            {total !== undefined && (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Showing {orders.length} of {countOf(total, 'order')}
              </p>
            )}
            {hasNextPage && (
              <Button
                variant="outline"
                onClick={() => void loadMore()}
                disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? 'Loading more orders...' : 'Load more orders'}
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
