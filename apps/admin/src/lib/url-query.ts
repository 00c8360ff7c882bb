import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list's filters and page live in the URL query, read with the API's own query schema: a
 * reload, a shared link and the back button all show the same rows. `update` writes changes
 * (blank values dropped) and goes back to page 1 unless the page itself is what changed.
 */
export function useUrlQuery<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const raw = Object.fromEntries(params);
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data as z.output<S>;
    // a hand-edited URL with one bad value keeps the others
    const good = { ...raw };
    for (const issue of parsed.error.issues) delete good[String(issue.path[0])];
    return schema.parse(good) as z.output<S>;
  }, [params, schema]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined | null>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  return [query, update] as const;
}
