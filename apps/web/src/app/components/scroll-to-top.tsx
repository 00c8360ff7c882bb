import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every route change scrolls smoothly to the top (spec section 2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname, search]);
  return null;
}
