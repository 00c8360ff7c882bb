import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_MAX_LENGTH } from '@store/contracts/limits';
import { cn } from '@store/ui/cn';
import { paths } from '@/lib/paths';
import { useTypedBeforeHydration } from '@/lib/typed-before-hydration';

/*
 * On the entry chunk: only this form. The list of suggestions (fetching, debouncing, rows) loads on
 * the box's first focus, with the route's query client, so the home page's first JS stays within its
 * budget and no schema library comes with it (docs/decisions/web-search-and-filters.md).
 */
const SearchSuggestions = lazy(() => import('./search-suggestions-loader'));

function queryInUrl(pathname: string, search: string): string {
  return pathname === paths.products() ? (new URLSearchParams(search).get('q') ?? '') : '';
}

/**
 * The shop's search: a form that goes to /products?q=… (and works as a plain GET form before the
 * app has loaded), with suggestions as you type in a combobox: arrow keys move through the rows,
 * Enter opens the highlighted one (or searches), Escape closes the list, a route change too.
 */
export function SearchBox({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = useCallback((index: number) => `${id}-option-${index}`, [id]);
  const [query, setQuery] = useState(() => queryInUrl(location.pathname, location.search));
  const [enhanced, setEnhanced] = useState(false);
  // open only at the location it was opened at: any navigation closes the list
  const [openAt, setOpenAt] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [hrefs, setHrefs] = useState<string[]>([]);
  const [seenKey, setSeenKey] = useState(location.key);
  // typed before this box's code arrived (it hydrates after the page): kept, and its suggestions
  // asked for while the box still has the focus
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, query, (typed) => {
    setQuery(typed);
    if (document.activeElement === input.current) {
      setEnhanced(true);
      setOpenAt(location.key);
    }
  });
  if (seenKey !== location.key) {
    // a new page: the box shows that page's search (or none) and nothing is highlighted
    setSeenKey(location.key);
    setQuery(queryInUrl(location.pathname, location.search));
    setActiveIndex(-1);
  }

  const open = openAt === location.key;
  const expanded = open && hrefs.length > 0;
  const active = expanded && activeIndex < hrefs.length ? activeIndex : -1;

  const show = () => {
    setEnhanced(true);
    setOpenAt(location.key);
  };
  const close = () => {
    setOpenAt(null);
    setActiveIndex(-1);
  };
  const go = (href: string) => {
    close();
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = hrefs.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
      if (count === 0) return;
      const down = event.key === 'ArrowDown';
      setActiveIndex((i) =>
        !expanded || i < 0 || i >= count
          ? down
            ? 0
            : count - 1
          : (i + (down ? 1 : -1) + count) % count,
      );
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        // inside the phone menu's dialog, Escape closes the list first, not the menu
        event.stopPropagation();
        close();
      } else if (query) setQuery('');
    }
  };

  return (
    <form
      role="search"
      action={paths.products()}
      method="get"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        const href = hrefs[active];
        if (href) go(href);
        else if (query.trim()) go(paths.products({ q: query.trim() }));
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        ref={input}
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search products"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(-1);
          show();
        }}
        onFocus={show}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-full border border-input bg-card pl-9 pr-3 text-sm text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-search-cancel-button]:hidden"
      />
      {enhanced && (
        <Suspense fallback={null}>
          <SearchSuggestions
            query={query}
            open={open}
            listboxId={listboxId}
            optionId={optionId}
            activeIndex={active}
            onOptionsChange={setHrefs}
            onPick={go}
          />
        </Suspense>
      )}
    </form>
  );
}
