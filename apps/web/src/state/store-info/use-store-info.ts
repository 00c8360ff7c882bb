import type { StoreInfo } from '@store/contracts/store';
import { use, useSyncExternalStore } from 'react';
import { StoreInfoContext } from './store-info-provider';

// index.html's <title> carries the same name, so the tab and the page agree before store info loads.
export const DEFAULT_BRAND = 'Paper & Quill';

export interface StoreInfoState {
  storeInfo: StoreInfo | undefined;
  isLoading: boolean;
  isError: boolean;
  refresh: () => Promise<unknown>;
}

/** Store information of spec section 1, loaded at startup; `refresh` reloads it. */
export function useStoreInfo(): StoreInfoState {
  const store = use(StoreInfoContext);
  if (!store) throw new Error('useStoreInfo must be used inside <StoreInfoProvider>');
  const { storeInfo, status } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    storeInfo,
    isLoading: status === 'pending',
    isError: status === 'error',
    refresh: store.refresh,
  };
}

/** Store name, else company name, else a default brand (navigation bar rule). */
export function brandName(info: Pick<StoreInfo, 'storeName' | 'companyName'> | undefined): string {
  return info?.storeName?.trim() || info?.companyName?.trim() || DEFAULT_BRAND;
}

/** Page head description: store name plus description, or 'Trending Fashion' (spec section 1). */
export function headDescription(
  info: Pick<StoreInfo, 'storeName' | 'description'> | undefined,
): string {
  const description = info?.description?.trim();
  if (!description) return 'Trending Fashion';
  const name = info?.storeName?.trim();
  return name ? `${name} - ${description}` : description;
}
