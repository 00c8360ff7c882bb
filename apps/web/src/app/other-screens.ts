/**
 * The code of every screen but the three first views (home, the listing and search, a product):
 * the shopper's own pages and the steps of buying, which the server never renders, and the
 * contact, policy and not-found pages. A first view reaches them only through a tap, so the route
 * table (router.tsx) gets them through this module, one import away: the list of files each
 * screen needs to load in one go (Vite's preload list, beside each `import()`) is then here, not
 * in the app chunk every page loads (about 1 KB gzip before idle, issue 25), and so are the
 * layouts only they use. This module is fetched at the shopper's first tap or key
 * (app/start.tsx), ahead of the navigation; a page of one of these screens loads it with the app
 * (the server names it among the page's chunks; main.tsx fetches it beside the app on a page the
 * browser draws itself).
 */

// the sign-in pages' centred card, and the guard of the pages that need a signed-in shopper
export { AuthLayout } from './layouts/auth-layout';
export { ProtectedRoute } from './components/protected-route';

export const otherScreens = {
  'contact-route': () => import('./routes/contact-route'),
  'policy-slug-route': () => import('./routes/policy-slug-route'),
  'not-found-route': () => import('./routes/not-found-route'),
  'cart-route': () => import('./routes/cart-route'),
  'wishlist-route': () => import('./routes/wishlist-route'),
  'track-order-route': () => import('./routes/track-order-route'),
  'api-test-route': () => import('./routes/api-test-route'),
  'order-success-route': () => import('./routes/order-success-route'),
  'login-route': () => import('./routes/login-route'),
  'register-route': () => import('./routes/register-route'),
  'forgot-password-route': () => import('./routes/forgot-password-route'),
  'reset-password-route': () => import('./routes/reset-password-route'),
  'unsubscribe-route': () => import('./routes/unsubscribe-route'),
  'newsletter-route': () => import('./routes/newsletter-route'),
  'account-route': () => import('./routes/account-route'),
  'addresses-route': () => import('./routes/addresses-route'),
  'checkout-route': () => import('./routes/checkout-route'),
  'orders-route': () => import('./routes/orders-route'),
  'payment-route': () => import('./routes/payment-route'),
};

export type OtherScreen = keyof typeof otherScreens;
