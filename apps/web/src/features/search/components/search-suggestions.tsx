import { Search } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { formatInr } from '@store/contracts/money';
import { cn } from '@store/ui/cn';
import { FALLBACK_IMAGE, showFallbackImage } from '@/lib/images';
import { useSuggestions } from '../api/get-suggestions';
import {
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_MIN_CHARS,
  suggestionOptions,
  type SuggestionOption,
} from '../lib/suggestion-options';
import { useDebouncedValue } from '../lib/use-debounced-value';

export interface SearchSuggestionsProps {
  /** what the shopper has typed */
  query: string;
  /** whether the list may show (the box has focus and no route change or Escape closed it) */
  open: boolean;
  listboxId: string;
  optionId: (index: number) => string;
  /** the highlighted row (arrow keys), -1 for none */
  activeIndex: number;
  /** the rows' targets, so the search box can follow Enter on a highlighted row */
  onOptionsChange: (hrefs: string[]) => void;
  onPick: (href: string) => void;
}

function OptionContent({ option }: { option: SuggestionOption }) {
  switch (option.kind) {
    case 'product':
      return (
        <>
          <img
            src={option.imgUrl || FALLBACK_IMAGE}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            onError={showFallbackImage}
            className="size-10 shrink-0 rounded-md border border-border bg-muted object-cover"
          />
          {/* two lines: on a phone one line kept 'Fountain Pen Ink: …' of two different inks */}
          <span className="line-clamp-2 min-w-0 flex-1">{option.title}</span>
          <span className="shrink-0 font-semibold tabular-nums">{formatInr(option.price)}</span>
        </>
      );
    case 'category':
      return (
        <span className="min-w-0 flex-1 truncate">
          <span className="text-muted-foreground">in </span>
          {option.category}
        </span>
      );
    case 'search':
      return (
        <>
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">Search for &lsquo;{option.query}&rsquo;</span>
        </>
      );
  }
}

/**
 * The search box's list (WAI-ARIA combobox pattern: the input keeps focus and points at the
 * highlighted row with aria-activedescendant). Loaded on the box's first focus, with TanStack
 * Query, so the entry chunk carries only the box itself.
 */
export function SearchSuggestions({
  query,
  open,
  listboxId,
  optionId,
  activeIndex,
  onOptionsChange,
  onPick,
}: SearchSuggestionsProps) {
  const settled = useDebouncedValue(query.trim(), SUGGEST_DEBOUNCE_MS);
  const enabled = settled.length >= SUGGEST_MIN_CHARS;
  const suggestions = useSuggestions(settled, enabled);
  const options = useMemo(
    () => suggestionOptions(query, enabled ? suggestions.data : undefined),
    [query, enabled, suggestions.data],
  );
  const hrefs = options.map((o) => o.href).join('\n');
  useEffect(() => {
    onOptionsChange(hrefs ? hrefs.split('\n') : []);
  }, [hrefs, onOptionsChange]);

  if (!open || options.length === 0) return null;
  return (
    <ul
      id={listboxId}
      role="listbox"
      aria-label="Search suggestions"
      aria-busy={suggestions.isFetching}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-border bg-card p-1 text-sm shadow-lg md:left-auto md:w-[26rem]"
    >
      {options.map((option, index) => (
        <li
          key={option.href}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          // keep the focus in the input, so the click does not first close the list
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option.href)}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2',
            option.kind === 'search' && 'border-t border-border',
            index === activeIndex ? 'bg-muted text-primary' : 'hover:bg-muted',
          )}
        >
          <OptionContent option={option} />
        </li>
      ))}
    </ul>
  );
}
