import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from '../components/navbar';
import { PageFallback } from '../components/page-fallback';
import { ScrollToTop } from '../components/scroll-to-top';
import { lazyModule } from '../lazy-module';

// Below the fold (footer) or fixed and mobile-only (tab bar): loaded after the entry to keep the
// home page's first JS inside its budget.
const Footer = lazyModule(['src/app/components/footer.tsx'], () =>
  import('../components/footer').then((m) => ({ default: m.Footer })),
);
const MobileTabBar = lazyModule(['src/app/components/mobile-tab-bar.tsx'], () =>
  import('../components/mobile-tab-bar').then((m) => ({ default: m.MobileTabBar })),
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
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <MobileTabBar />
      </Suspense>
    </div>
  );
}
