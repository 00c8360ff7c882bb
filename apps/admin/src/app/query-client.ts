import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // staff expect what they see to be current: a short stale time, refetched on focus
      queries: { staleTime: 10_000, retry: 1 },
    },
  });
}
