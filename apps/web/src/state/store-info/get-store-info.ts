import type { StoreInfo } from '@store/contracts/store';
import { apiRequest } from '@/lib/api-client';

export function getStoreInfo(signal?: AbortSignal): Promise<StoreInfo> {
  return apiRequest<StoreInfo>('/storeInfo', { signal });
}
