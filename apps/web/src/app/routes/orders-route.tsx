import { useEffect } from 'react';
import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { useOrdersQuery } from '@/features/orders/api/get-orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { paths } from '@/lib/paths';

export function Component() {
  const { data, isPending, isError } = useOrdersQuery();

  useEffect(() => {
    if (isError)
      toast.error('Failed to load your orders. Please try again.', { id: 'orders-load-error' });
  }, [isError]);

  // A failure shows the empty list (spec section 8).
  const orders = data ?? [];
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold">My Orders</h1>
      {isPending ? (
        <div className="grid gap-6" role="status" aria-label="Loading your orders">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
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
        </div>
      )}
    </section>
  );
}
