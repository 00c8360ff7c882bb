import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { CartProvider } from '@/features/cart/cart-provider';
import { SessionProvider } from '@/features/auth/session-provider';
import { StoreInfoEffects } from '@/features/store-info/components/store-info-effects';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <CartProvider>
          <StoreInfoEffects />
          {children}
          <Suspense fallback={null}>
            <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 3500 }} />
          </Suspense>
        </CartProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
