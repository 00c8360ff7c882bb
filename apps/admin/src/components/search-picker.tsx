import type { ReactNode } from 'react';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';

/**
 * A search box and what it found, each match with the control that picks it: the back office's
 * customer and product pickers (New order, a discount's products). The list shows once the
 * query is long enough and its answer has come; an empty answer says `noMatch`.
 */
export function SearchPicker<T extends { id: string }>({
  id,
  label,
  placeholder,
  query,
  onQueryChange,
  minLength = 1,
  matches,
  listLabel,
  noMatch,
  itemClassName,
  renderMatch,
}: {
  id: string;
  label: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** fewer characters than this ask nothing (and show nothing) */
  minLength?: number;
  /** the answer for the query; undefined while none has come */
  matches: readonly T[] | undefined;
  listLabel: string;
  noMatch: ReactNode;
  itemClassName?: string;
  renderMatch: (match: T) => ReactNode;
}) {
  const asked = query.trim().length >= minLength && matches !== undefined;
  return (
    <>
      <Label htmlFor={`${id}-search`}>{label}</Label>
      <Input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
      />
      {asked ? (
        matches.length ? (
          <ul className="grid gap-1" aria-label={listLabel}>
            {matches.map((match) => (
              <li key={match.id} className={itemClassName}>
                {renderMatch(match)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{noMatch}</p>
        )
      ) : null}
    </>
  );
}
