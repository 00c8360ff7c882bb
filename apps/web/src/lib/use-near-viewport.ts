import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and stays true), for work that
 * waits until the shopper comes near: a lazy form, a section's fetch. Without IntersectionObserver
 * it is true at once. On the server it is false: nothing is near a page that is not on a screen, and
 * the HTML must match the browser's first (hydrating) render.
 */
export function useNearViewport<T extends Element>(margin: string) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver !== 'function',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
