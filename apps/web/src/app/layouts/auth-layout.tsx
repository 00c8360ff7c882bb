import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';
import { PageFallback } from '../components/page-fallback';
import { ScrollToTop } from '../components/scroll-to-top';
import { paths } from '@/lib/paths';

/** Centred card for /login and /register. */
export function AuthLayout() {
  const { storeInfo } = useStoreInfo();
  return (
    <div className="paper-texture flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <ScrollToTop />
      <Link to={paths.home} className="mb-6 font-display text-2xl font-semibold text-primary">
        {brandName(storeInfo)}
      </Link>
      <main className="w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-lg sm:p-8">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
