import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change scrolls smoothly to the top (spec section 2). Loading a page is not a route
 * change: a server-rendered page the shopper has already scrolled must not jump back to the top
 * when its scripts arrive and it hydrates.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    const location = `${pathname}${search}`;
    if (location === shown.current) return;
    shown.current = location;
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname, search]);
  return null;
}
