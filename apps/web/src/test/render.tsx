import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { reloadSharedState } from './shared-state';

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** initial URL, e.g. '/products?page=2' */
  route?: InitialEntry;
  /** route pattern the element is mounted at, e.g. '/product/:id' */
  path?: string;
  /**
   * keep a signed-in shopper's lists in step with the (mocked) server, as the browser does once
   * idle (other tests' idle never comes: test/setup.ts)
   */
  syncAccountLists?: boolean;
}

/**
 * Render a screen inside the real providers and a memory router, with the shared state read from
 * what the test put in localStorage and the cookie, as after a page load.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', syncAccountLists = false }: RenderOptions = {},
): RenderResult {
  reloadSharedState();
  if (syncAccountLists) window.requestIdleCallback = (run) => window.setTimeout(run, 0);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}
