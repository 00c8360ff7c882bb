import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrateApart } from '@/lib/hydrate-apart';
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
      {/* the navigation, the page, the footer and the tab bar each hydrate in a task of their
          own, the page's own parts after it (lib/hydrate-apart.tsx) */}
      <HydrateApart>
        <Navbar />
      </HydrateApart>
      <HydrateApart>
        <main id="main" className="flex-1">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </HydrateApart>
      <Suspense fallback={null}>
        <HydrateApart>
          <Footer />
        </HydrateApart>
        <HydrateApart>
          <MobileTabBar />
        </HydrateApart>
      </Suspense>
    </div>
  );
}
