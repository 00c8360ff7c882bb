import { AlertCircle, PackageSearch, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@store/ui/button';

// The listing's rare states, in a module of their own: a listing with products (nearly every one)
// never loads their code or their icons (issue 25: JavaScript before idle); the listing screen
// loads it when it draws one, and a page the server drew with one has it preloaded.

/** The products could not be loaded. */
export function ListingFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-16 text-center"
    >
      <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
      <p className="text-lg">Failed to load products. Please try again.</p>
      <Button onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

/** No product at all matches (spec section 2's empty state). */
export function ListingEmpty({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border bg-card px-6 py-20 text-center">
      <PackageSearch className="size-12 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg">No products found with the selected filters.</p>
      <Button variant="outline" onClick={onClear}>
        Clear Filters
      </Button>
    </div>
  );
}

/** `?page=7` of a 3-page result: say so and link to the last page, keeping the heading and filters. */
export function ListingPastEnd({
  page,
  last,
  search,
}: {
  page: number;
  last: number;
  search: string;
}) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center"
    >
      <PackageSearch className="size-12 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg">
        There is no page {page}: these results end on page {last}.
      </p>
      <Link to={{ search }} className={buttonVariants({ variant: 'outline' })}>
        Go to page {last}
      </Link>
    </div>
  );
}
