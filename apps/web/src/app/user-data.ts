import type { QueryClient } from '@tanstack/react-query';
import { isUserScopedQuery } from '@/state/session/user-scoped';

/**
 * On the entry chunk, without TanStack Query: the session store (entry) must drop user-scoped
 * queries from the app's query client, which is created with the first route (route-query-provider,
 * lazy). The client registers here; before it exists there is nothing to drop.
 */
let appQueryClient: QueryClient | undefined;

export function registerAppQueryClient(client: QueryClient): void {
  appQueryClient = client;
}

/** Drops the `meta: { userScoped: true }` queries (login, logout, 401); synchronous. */
export function forgetAppUserData(): void {
  appQueryClient?.removeQueries({ predicate: isUserScopedQuery });
}
