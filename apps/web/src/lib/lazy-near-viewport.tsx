import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { onFirstInteraction } from './first-interaction';

/**
 * A part below the fold whose code is fetched only when it comes within `margin` of the viewport
 * or at the shopper's first interaction (a tap, a key, Back), whichever is first: not with the
 * page, so a phone loads less JavaScript before it is idle (issue 25, point 5).
 *
 * The server renders the part in full (it waits for every boundary), so the HTML shows it. In the
 * browser the hydrating render suspends on its code inside a Suspense boundary of its own: React
 * keeps the server's markup there, dehydrated, and hydrates it from the same markup once the code
 * arrives (selective hydration): nothing is replaced, nothing moves. A tap on it before then
 * fetches the code (the tap is the first interaction) and React replays the tap once hydrated.
 * The interaction trigger also covers a navigation: an update reaching a dehydrated boundary waits
 * for its code, so the code must not wait for a scroll that may never come.
 *
 * The observed element is a plain `<div>` around the boundary (outside it, so it is hydrated with
 * the page and its effect runs); give it the class the part's place in the layout needs.
 */
export function lazyNearViewport<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { margin = '300px', className }: { margin?: string; className?: string } = {},
): ComponentType<P> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const Lazy = lazy(async () => {
    // the server renders it at once: nothing is scrolled there, and the HTML must be whole
    if (typeof window !== 'undefined') await released;
    return { default: await load() };
  });

  function NearViewport(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver !== 'function') {
        release();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) release();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      const stopWaiting = onFirstInteraction(release);
      return () => {
        observer.disconnect();
        stopWaiting();
      };
    }, []);
    return (
      <div ref={ref} className={className}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  }
  // Memoised: the part must not draw again while its code is loading. An update that reaches a
  // boundary still showing the server's HTML makes React hydrate it first; outside a transition,
  // when its code has not arrived, React drops that HTML and shows the fallback (nothing) instead.
  // A parent drawing again (a screen's effect after hydration, such as a media query that differs
  // from the server's guess) must therefore pass the same props: primitives and stable callbacks.
  return memo(NearViewport);
}
