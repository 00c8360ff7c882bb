import { createContext, useEffect, useState, type ReactNode } from 'react';
import {
  createStoreInfoStore,
  type StoreInfoStore,
  type StoreInfoStoreOptions,
} from './store-info-store';

export const StoreInfoContext = createContext<StoreInfoStore | null>(null);

/** One store-info store per app: loads GET /storeInfo when the app mounts. */
export function StoreInfoProvider({
  children,
  options,
}: {
  children: ReactNode;
  options?: StoreInfoStoreOptions;
}) {
  const [store] = useState(() => createStoreInfoStore(options));
  useEffect(() => {
    store.start();
    return store.stop;
  }, [store]);
  return <StoreInfoContext value={store}>{children}</StoreInfoContext>;
}
