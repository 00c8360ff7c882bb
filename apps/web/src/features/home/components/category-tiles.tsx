import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@store/ui/badge';
import { cn } from '@store/ui/cn';

export interface CategoryTile {
  name: string;
  href: string;
  image: string;
}

const columns: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
};

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
      <div className="mb-10 text-center">
        <Badge variant="outline" className="px-3 py-1">
          Browse Categories
        </Badge>
        <h2 id="categories-heading" className="mt-4 text-3xl font-semibold sm:text-4xl">
          {'Premium Stationery & Journals'}
        </h2>
      </div>
      <ul className={cn('grid gap-6', columns[tiles.length] ?? columns[3])}>
        {tiles.map((tile) => (
          <li key={tile.name}>
            <Link
              to={tile.href}
              className="group relative flex h-72 items-end overflow-hidden rounded-2xl border border-border bg-secondary shadow-sm"
            >
              {tile.image ? (
                <img
                  src={tile.image}
                  alt=""
                  width={600}
                  height={288}
                  loading="lazy"
                  decoding="async"
                  className="absolute inset-0 size-full object-cover transition-transform duration-700 group-hover:scale-105"
                />
              ) : (
                <span aria-hidden="true" className="ruled-lines absolute inset-0 bg-paper" />
              )}
              <span
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-t from-black/65 via-black/15 to-transparent"
              />
              <span className="relative flex w-full items-center justify-between p-6 text-white">
                <span className="font-display text-2xl font-semibold">{tile.name}</span>
                <span className="rounded-full bg-white/20 p-2 backdrop-blur transition-colors group-hover:bg-white/35">
                  <ArrowUpRight className="size-5" aria-hidden="true" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
