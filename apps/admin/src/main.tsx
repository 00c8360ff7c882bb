import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { connectApiToSession } from '@/app/connect-session';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { joinOtherTabs } from '@/state/session';
import './index.css';

connectApiToSession();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// a tab opened from a signed-in one takes its session before the guard would show sign-in
await joinOtherTabs();
// A data router (one splat route around the app's own <Routes>) so a form can hold the owner
// back from leaving with unsaved changes (useBlocker needs one).
const queryClient = createQueryClient();
const router = createBrowserRouter(
  [
    {
      path: '*',
      element: (
        <AppProviders queryClient={queryClient}>
          <AppRoutes />
        </AppProviders>
      ),
    },
  ],
  { basename: '/admin' },
);
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
