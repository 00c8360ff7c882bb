import { QueryClient } from '@tanstack/react-query';

/** Not on the entry chunk: imported by the lazily loaded route provider and by `AppProviders`. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
