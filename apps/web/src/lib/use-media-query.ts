import { useSyncExternalStore } from 'react';

/**
 * Whether the viewport matches `query` (e.g. '(min-width: 768px)'), following changes. False on
 * the server and while hydrating (the server knows no viewport), then the browser's answer: what
 * only one kind of screen shows is left out of the server's HTML and drawn after hydration.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
