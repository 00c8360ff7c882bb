import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
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
createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <AppProviders queryClient={createQueryClient()}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
