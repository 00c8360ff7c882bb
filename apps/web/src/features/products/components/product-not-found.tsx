import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { paths } from '@/lib/paths';

/**
 * A product that does not exist or could not be loaded. In a module of its own: a product page
 * that shows its product (nearly every one) never loads it (issue 25: JavaScript before idle).
 */
export function ProductNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-20 text-center">
      <PackageX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-3xl font-semibold">Product Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        Failed to load product details. The product may have been removed or is no longer available.
      </p>
      <Link to={paths.products()} className={buttonVariants()}>
        Browse Products
      </Link>
    </div>
  );
}
