import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
} from 'react-router';

export type WindowHistory = ReturnType<typeof createBrowserHistory>;

/**
 * The browser window's history as the router uses it. Making it writes the window's history entry
 * (React Router numbers it), a few milliseconds of a phone's main thread: the app makes it in a
 * task before hydration's (start.tsx).
 */
export const createWindowHistory = (): WindowHistory =>
  createBrowserHistory({ window, v5Compat: true });

/**
 * React Router's BrowserRouter, except that the app moves to a new location only once the code of
 * the screen it shows has loaded (`load`). Until then the page the shopper is on stays, as React
 * Router's transitions kept it under React; the build runs on Preact (docs/decisions/web-preact.md),
 * whose transitions are plain updates, so the layout's Suspense fallback ("Loading...") took the
 * place of the page for the first visit to each kind of page. The address bar changes at once.
 */
export function BrowserRouter({
  children,
  load,
  history: given,
}: {
  children: ReactNode;
  /** loads what `location` shows: a promise, or null when there is nothing to wait for */
  load: (location: Location) => Promise<void> | null;
  /** the window's history, when made beforehand (`createWindowHistory`); else made here */
  history?: WindowHistory;
}) {
  const historyRef = useRef<WindowHistory>(given);
  historyRef.current ??= createWindowHistory();
  const history = historyRef.current;
  const [state, setState] = useState({ action: history.action, location: history.location });

  useLayoutEffect(() => {
    // only the latest navigation is shown: tapping a second link while the first page's code
    // loads goes to the second
    let latest = 0;
    return history.listen((update) => {
      const navigation = ++latest;
      const show = () => {
        if (navigation === latest) setState(update);
      };
      const loading = load(update.location);
      // at once when nothing loads (a filter changing the query, a page seen before); a chunk
      // that fails to load is left to the screen's own error handling
      if (loading) loading.then(show, show);
      else show();
    });
  }, [history, load]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
