import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Toaster } from '@store/ui/toast';
import { setForgetUserData } from '@/state/session/session-store';
import { StoreInfoEffects } from '@/app/components/store-info-effects';
import { storeInfoStore, type StoreInfoStoreOptions } from '@/state/store-info/store-info-store';

export interface ShellProvidersProps {
  children: ReactNode;
  /** drops the query client's user-scoped queries on login, logout and 401 (see session-store) */
  onForgetUserData?: () => void;
  storeInfoOptions?: StoreInfoStoreOptions;
}

/**
 * What the entry chunk wraps around every screen. The shared state (cart, wishlist, session, store
 * info) lives in zustand stores that need no provider; the shell only connects them to the app: it
 * tells the session how to drop the query client's private data, loads store info at startup and
 * mounts the toaster. No TanStack Query here: route content gets the query client from
 * `RouteQueryProvider`, loaded with each route.
 */
export function ShellProviders({
  children,
  onForgetUserData,
  storeInfoOptions,
}: ShellProvidersProps) {
  // A layout effect runs before any screen's (passive) effect could log in or out.
  useLayoutEffect(() => {
    setForgetUserData(onForgetUserData);
  }, [onForgetUserData]);

  useEffect(() => {
    storeInfoStore.start(storeInfoOptions);
    return storeInfoStore.stop;
  }, [storeInfoOptions]);

  return (
    <>
      <StoreInfoEffects />
      {children}
      <Suspense fallback={null}>
        {/* Below the sticky 64 px bar: a toast over it would hide the cart and
            wishlist icons the shopper is likely to tap next. */}
        <Toaster
          position="top-center"
          offset={{ top: 76 }}
          mobileOffset={{ top: 72 }}
          richColors
          closeButton
          toastOptions={{ duration: 3500 }}
        />
      </Suspense>
    </>
  );
}
