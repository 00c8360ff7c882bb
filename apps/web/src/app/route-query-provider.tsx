import {
  hydrate,
  QueryClientContext,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { readSsrData } from '@/lib/ssr-data';
import { createQueryClient } from './query-client';
import { registerAppQueryClient } from './user-data';

/**
 * Loaded with every route module (`lazyRoute` in router.tsx), so TanStack Query is not on the entry
 * chunk. This module is evaluated once: one QueryClient for the whole visit, shared by every route.
 */
export const appQueryClient = createQueryClient();
registerAppQueryClient(appQueryClient);
// A server-rendered page's data: the route hydrates with exactly what the server rendered, and asks
// the API again only when it goes stale.
const { queries } = readSsrData();
if (queries) hydrate(appQueryClient, queries as DehydratedState);

/** Provides the app's query client to a route's content (an outer provider, as in tests, wins). */
export function RouteQueryProvider({ children }: { children: ReactNode }) {
  if (useContext(QueryClientContext)) return children;
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
