import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { unwrapAccountInfo } from '../lib/account-info';

export async function getAccountInfo(signal?: AbortSignal) {
  return unwrapAccountInfo(await apiRequest<unknown>('/accountInfo', { signal }));
}

export const accountInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['accountInfo'],
    queryFn: ({ signal }) => getAccountInfo(signal),
    // Private data: dropped from the cache on sign in/out (SessionProvider).
    meta: { userScoped: true },
    retry: false,
  });

export function useAccountInfoQuery() {
  return useQuery(accountInfoQueryOptions());
}
