import { Suspense, type ReactNode } from 'react';
import { Toaster } from '@store/ui/toast';
import { SessionProvider } from '@/state/session/session-provider';
import { StoreInfoEffects } from '@/app/components/store-info-effects';
import { StoreInfoProvider } from '@/state/store-info/store-info-provider';
import type { StoreInfoStoreOptions } from '@/state/store-info/store-info-store';

export interface ShellProvidersProps {
  children: ReactNode;
  /** drops the query client's user-scoped queries (see SessionProvider) */
  onForgetUserData?: () => void;
  storeInfoOptions?: StoreInfoStoreOptions;
}

/**
 * The providers of the entry chunk: no TanStack Query here (store info is its own small store);
 * route content gets the query client from `RouteQueryProvider`, loaded with each route.
 */
export function ShellProviders({
  children,
  onForgetUserData,
  storeInfoOptions,
}: ShellProvidersProps) {
  return (
    <StoreInfoProvider options={storeInfoOptions}>
      <SessionProvider onForgetUserData={onForgetUserData}>
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
      </SessionProvider>
    </StoreInfoProvider>
  );
}
