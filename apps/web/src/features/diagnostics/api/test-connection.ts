import { useMutation } from '@tanstack/react-query';
import type { StoreInfo } from '@store/contracts/store';
import { apiRequest } from '@/lib/api-client';

/** GET /storeInfo, the call /api-test uses to prove the API answers for this host. */
export function testConnection(): Promise<Partial<StoreInfo>> {
  return apiRequest<Partial<StoreInfo>>('/storeInfo');
}

export function useTestConnectionMutation() {
  return useMutation({ mutationFn: testConnection });
}
