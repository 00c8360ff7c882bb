import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { cn } from '@store/ui/cn';
import { paths } from '@/lib/paths';
import { usePageTitle } from '@/state/store-info/use-page-title';
import { NOT_FOUND_PAGE } from '@store/contracts/page-title';

export function Component() {
  usePageTitle(NOT_FOUND_PAGE);
  return (
    <section className="paper-texture flex min-h-[60vh] flex-col items-center justify-center px-4 py-20 text-center">
      <p className="font-display text-7xl font-bold text-primary/80">404</p>
      <h1 className="mt-4 text-3xl font-semibold">Oops! Page not found</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        The page you are looking for may have been moved, renamed or never existed.
      </p>
      <Link to={paths.home} className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
        Return to Home
      </Link>
    </section>
  );
}
