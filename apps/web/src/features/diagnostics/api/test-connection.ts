import { useMutation } from '@tanstack/react-query';
import type { StoreInfo } from '@store/contracts/store';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /storeInfo, the call /api-test uses to prove the API answers for this host. A wrong API base
 * often answers 200 with the web app's HTML, so the body must look like store information.
 */
export async function testConnection(): Promise<Partial<StoreInfo>> {
  const info = await apiRequest<unknown>('/storeInfo');
  if (!info || typeof info !== 'object' || !('storeName' in info)) {
    throw new Error('The response is not store information');
  }
  return info as Partial<StoreInfo>;
}

export function useTestConnectionMutation() {
  return useMutation({ mutationFn: testConnection });
}
