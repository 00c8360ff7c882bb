import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { categoryTitle } from '../lib/listing';
import { paths } from '@/lib/paths';

interface CollectionLinksProps {
  /** the store's categories, or the default set when it names none */
  categories: readonly string[];
  /** the `category` query parameter of the listing */
  current: string | undefined;
}

/** Links between the store's collections, so a shopper can move across them from the listing. */
export function CollectionLinks({ categories, current }: CollectionLinksProps) {
  if (categories.length === 0) return null;
  const link = (label: string, to: string, selected: boolean) => (
    <li key={to} className="shrink-0">
      <Link
        to={to}
        aria-current={selected ? 'page' : undefined}
        className={buttonVariants({ variant: selected ? 'secondary' : 'ghost', size: 'sm' })}
      >
        {label}
      </Link>
    </li>
  );
  const chosen = current?.toLowerCase();
  return (
    <nav aria-label="Collections">
      {/* one swipeable line on a phone instead of a wall of wrapped links */}
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        {link('All collections', paths.products(), !chosen)}
        {categories.map((name) =>
          link(categoryTitle(name), paths.category(name), name.toLowerCase() === chosen),
        )}
      </ul>
    </nav>
  );
}
