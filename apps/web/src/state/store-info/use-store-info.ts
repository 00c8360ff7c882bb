import type { StoreInfo } from '@store/contracts/store';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { storeInfoStore, type StoreInfoStore } from './store-info-store';

/**
 * The store information screens read: the app's own store in the browser; on the server, one per
 * rendered request (entry-server.tsx), since one server renders pages for several stores at once.
 */
export const StoreInfoStoreContext = createContext<StoreInfoStore>(storeInfoStore);

// Shown only while a store's own name is unknown (its info failed to load): neutral words, never a
// made-up shop's name in a real store's HTML; index.html's default <title> says the same.
export const DEFAULT_BRAND = 'Online store';

export interface StoreInfoState {
  storeInfo: StoreInfo | undefined;
  isLoading: boolean;
  isError: boolean;
  refresh: () => Promise<unknown>;
}

/** Store information of spec section 1, loaded at startup; `refresh` reloads it. */
export function useStoreInfo(): StoreInfoState {
  const store = useContext(StoreInfoStoreContext);
  const { storeInfo, status } = useStore(store);
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
