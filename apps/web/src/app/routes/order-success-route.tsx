import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { paths } from '@/lib/paths';

export function Component() {
  return (
    <section className="paper-texture flex min-h-[60vh] flex-col items-center justify-center px-4 py-20 text-center">
      <CheckCircle2 className="size-16 text-accent" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-semibold">Thank You for Your Order!</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        Your order has been placed successfully. We&apos;ll send you an email with your order
        details shortly.
      </p>
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
