import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { isUserScopedQuery } from '@/state/session/user-scoped';
import { createQueryClient } from './query-client';
import { ShellProviders } from './shell-providers';

export { createQueryClient } from './query-client';

/**
 * The shell providers under one QueryClientProvider, for rendering a screen on its own (component
 * tests). The browser entry (main.tsx) does not use this: it renders `ShellProviders` and each lazy
 * route brings the shared query client (router.tsx), which keeps TanStack Query off the entry chunk.
 * Store info follows the client's retry default (tests turn retries off there).
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [storeInfoOptions] = useState(() => {
    const retry = client.getDefaultOptions().queries?.retry;
    return { retries: typeof retry === 'number' ? retry : retry === false ? 0 : 1 };
  });
  const forgetUserData = useCallback(
    () => client.removeQueries({ predicate: isUserScopedQuery }),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      <ShellProviders onForgetUserData={forgetUserData} storeInfoOptions={storeInfoOptions}>
        {children}
      </ShellProviders>
    </QueryClientProvider>
  );
}
