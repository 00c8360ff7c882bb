import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from '@store/ui/toast';
import { paths } from '@/lib/paths';
import { setForgetUserData, useSessionStore } from '@/state/session/session-store';
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
/** The screens of the auth layout: a centred card and no navigation bar. */
const authPages: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
];

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

  // A signed-in shopper's lists follow the account (state/account-lists, docs/decisions/server-carts.md).
  // Its code loads only for them, once the browser is idle: a visitor's pages never fetch it.
  // (Component tests' idle never comes, unless a test of the sync asks: test/setup.ts.)
  const signedIn = useSessionStore((state) => state.user !== null);
  useEffect(() => {
    if (!signedIn) return;
    const started = new Promise((idle) => (window.requestIdleCallback ?? setTimeout)(idle))
      .then(() => import('@/state/account-lists/account-sync'))
      // offline, its code did not come: the next page tries again
      .then(
        (sync) => sync.startAccountSync(),
        () => () => undefined,
      );
    return () => void started.then((stop) => stop());
  }, [signedIn]);

  const onAuthPage = authPages.includes(useLocation().pathname);

  return (
    <>
      <StoreInfoEffects />
      {children}
      <Suspense fallback={null}>
        {/* Below the sticky 64 px bar: a toast over it would hide the cart and
            wishlist icons the shopper is likely to tap next. The auth pages have no bar, and there
            a toast at the top covered the card's title: it goes to the bottom right corner, beside
            the centred card on a laptop, under it on a phone. */}
        <Toaster
          position={onAuthPage ? 'bottom-right' : 'top-center'}
          offset={onAuthPage ? { bottom: 24, right: 24 } : { top: 76 }}
          mobileOffset={onAuthPage ? { bottom: 16 } : { top: 72 }}
          richColors
          closeButton
          toastOptions={{ duration: 3500 }}
        />
      </Suspense>
    </>
  );
}
