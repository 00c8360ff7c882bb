import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from '../components/navbar';
import { PageFallback } from '../components/page-fallback';
import { ScrollToTop } from '../components/scroll-to-top';
import { lazyModule } from '../lazy-module';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';

// Below the fold: its code is fetched as the shopper nears it or first interacts, not with the
// page; the server's HTML shows it meanwhile, dehydrated.
const Footer = lazyNearViewport(() => import('../components/footer').then((m) => m.Footer));
// Fixed and mobile-only: loaded after the entry, with the page.
const MobileTabBar = lazyModule(['src/app/components/mobile-tab-bar.tsx'], () =>
  import('../components/mobile-tab-bar').then((m) => m.MobileTabBar),
);

export function MainLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-card px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* Suspense boundaries are where React may hydrate in parts (selective hydration): the
          navigation, the page (its own parts after it) and the footer and the tab bar each
          hydrate in work of their own after the shell, and a tap hydrates its part first. */}
      <Suspense fallback={null}>
        <Navbar />
      </Suspense>
      <main id="main" className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <MobileTabBar />
      </Suspense>
    </div>
  );
}
