import { isValidElement, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { INTERACTIVE_EVENT } from '@/lib/ssr-data';
import { lazyModule, preloadScreen } from './lazy-module';
import type { OtherScreen } from './other-screens';
import { MainLayout } from './layouts/main-layout';

/**
 * Route module convention: every screen lives in `app/routes/<screen>-route.tsx`, composes features
 * and the shared state, and exports `export function Component()`. Modules are loaded
 * with React.lazy through `lazyRoute`, so each screen is its own chunk and the entry stays small.
 * The layouts wrap the <Outlet> in <Suspense>.
 *
 * Each route module loads together with `route-query-provider` (one module, so one QueryClient for
 * the whole app), which wraps the route's content: TanStack Query stays off the entry chunk.
 */
const loadQueryProvider = () => import('./route-query-provider');

/**
 * `<html data-interactive>` once a screen has rendered or hydrated in the browser: the page answers
 * taps from then on (the journeys wait for it after loading a page).
 */
function markInteractive() {
  // The screen's boundary has hydrated (its effects run once it has committed). Parts in
  // boundaries of their own may follow in later work: React hydrates a part first when a tap
  // lands on it, so a held tap (main.tsx) works on those too.
  if ('interactive' in document.documentElement.dataset) return;
  document.documentElement.dataset.interactive = '';
  window.dispatchEvent(new Event(INTERACTIVE_EVENT));
}

/**
 * Every route renders with the query provider's module; `screen` names the route's file, `via` the
 * module its import goes through, if any (for the server's preload list).
 */
function lazyRoute(
  screen: string,
  load: () => Promise<{ Component: ComponentType }>,
  via: readonly string[] = [],
) {
  const modules = [...via, `src/app/routes/${screen}.tsx`, 'src/app/route-query-provider.tsx'];
  return lazyModule(modules, () =>
    Promise.all([load(), loadQueryProvider()]).then(
      ([{ Component }, { RouteQueryProvider }]) =>
        function LazyRoute() {
          useEffect(markInteractive, []);
          return (
            <RouteQueryProvider>
              <Component />
            </RouteQueryProvider>
          );
        },
    ),
  );
}

/** Every other screen's loader (the cart, checkout, signing in, contact…), one import away. */
export const loadOtherScreens = () => import('./other-screens');

const OTHER_SCREENS = ['src/app/other-screens.ts'];

// The layouts only those screens use, with them (no extra wait: their screens' code comes through
// the same module).
const AuthLayout = lazyModule(OTHER_SCREENS, () => loadOtherScreens().then((m) => m.AuthLayout));
const ProtectedRoute = lazyModule(OTHER_SCREENS, () =>
  loadOtherScreens().then((m) => m.ProtectedRoute),
);

/** A screen other than a first view: its code through `other-screens.ts` (see there why). */
const otherRoute = (screen: OtherScreen) =>
  lazyRoute(
    screen,
    () => loadOtherScreens().then(({ otherScreens }) => otherScreens[screen]()),
    OTHER_SCREENS,
  );

// The first views, which a shopper mostly lands on: their code straight from the route table.
const HomeRoute = lazyRoute('home-route', () => import('./routes/home-route'));
const ProductsRoute = lazyRoute('products-route', () => import('./routes/products-route'));
const ProductRoute = lazyRoute('product-route', () => import('./routes/product-route'));

const ContactRoute = otherRoute('contact-route');
const PolicySlugRoute = otherRoute('policy-slug-route');
const NotFoundRoute = otherRoute('not-found-route');
const CartRoute = otherRoute('cart-route');
const TrackOrderRoute = otherRoute('track-order-route');
const ApiTestRoute = otherRoute('api-test-route');
const OrderSuccessRoute = otherRoute('order-success-route');
const LoginRoute = otherRoute('login-route');
const RegisterRoute = otherRoute('register-route');
const ForgotPasswordRoute = otherRoute('forgot-password-route');
const ResetPasswordRoute = otherRoute('reset-password-route');
const AccountRoute = otherRoute('account-route');
const AddressesRoute = otherRoute('addresses-route');
const CheckoutRoute = otherRoute('checkout-route');
const OrdersRoute = otherRoute('orders-route');
const PaymentRoute = otherRoute('payment-route');
const WishlistRoute = otherRoute('wishlist-route');
const UnsubscribeRoute = otherRoute('unsubscribe-route');
const NewsletterRoute = otherRoute('newsletter-route');

/** The storefront's routes; the layouts wrap the <Outlet> in <Suspense>. */
const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: 'login', element: <LoginRoute /> },
      { path: 'register', element: <RegisterRoute /> },
      { path: 'forgot-password', element: <ForgotPasswordRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
    ],
  },
  {
    element: <MainLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'products', element: <ProductsRoute /> },
      { path: 'product/:id', element: <ProductRoute /> },
      { path: 'cart', element: <CartRoute /> },
      { path: 'wishlist', element: <WishlistRoute /> },
      { path: 'track-order', element: <TrackOrderRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'api-test', element: <ApiTestRoute /> },
      { path: 'order-success', element: <OrderSuccessRoute /> },
      { path: 'unsubscribe', element: <UnsubscribeRoute /> },
      { path: 'newsletter', element: <NewsletterRoute /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'account', element: <AccountRoute /> },
          { path: 'account/addresses', element: <AddressesRoute /> },
          { path: 'checkout', element: <CheckoutRoute /> },
          { path: 'orders', element: <OrdersRoute /> },
          { path: 'payment', element: <PaymentRoute /> },
        ],
      },
      { path: '404', element: <NotFoundRoute /> },
      { path: ':policyType', element: <PolicySlugRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the screen (and its layouts) that `pathname` shows: a promise, or null when it
 * has loaded already.
 */
export function preloadRoute(pathname: string): Promise<void> | null {
  const loading = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => (isValidElement(route.element) ? preloadScreen(route.element.type) : null))
    .filter((promise) => promise !== null);
  return loading.length ? Promise.all(loading).then(() => undefined) : null;
}
