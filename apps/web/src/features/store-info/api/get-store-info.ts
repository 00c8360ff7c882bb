import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '@store/contracts/store';
import { apiRequest } from '@/lib/api-client';

export function getStoreInfo(signal?: AbortSignal): Promise<StoreInfo> {
  return apiRequest<StoreInfo>('/storeInfo', { signal });
}

export const storeInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['storeInfo'],
    queryFn: ({ signal }) => getStoreInfo(signal),
    // Loaded once at startup; refreshed on demand (useStoreInfo().refresh).
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useStoreInfoQuery() {
  return useQuery(storeInfoQueryOptions());
}
