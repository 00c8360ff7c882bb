import type { StoreInfo } from '@store/contracts/store';
import { useStore } from 'zustand';
import { storeInfoStore } from './store-info-store';

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
  const { storeInfo, status } = useStore(storeInfoStore);
  return {
    storeInfo,
    isLoading: status === 'pending',
    isError: status === 'error',
    refresh: storeInfoStore.refresh,
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
