import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  createMemoryRouter,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  type InitialEntry,
} from 'react-router';
import type { StaffRole } from '@store/contracts/admin/common';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { reloadSession, setSession } from '@/state/session';
import { sessionFixture } from './fixtures';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** URL below /admin, e.g. '/orders?status=pending' */
  route?: InitialEntry;
  /** route pattern the element is mounted at, e.g. '/orders/:id' */
  path?: string;
  /** signed in as this role; null for no session */
  role?: StaffRole | null;
}

/**
 * Renders a screen inside the app's providers and a memory data router (paths below /admin), as
 * main.tsx mounts the app: one splat route around the screen's own <Routes>.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', role = 'owner' }: RenderOptions = {},
): RenderResult {
  reloadSession();
  if (role) setSession(sessionFixture(role));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AppProviders queryClient={queryClient}>
            <Routes>
              <Route path={path} element={ui} />
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
            <LocationProbe />
          </AppProviders>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  return render(<RouterProvider router={router} />);
}
