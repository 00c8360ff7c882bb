import { isValidElement, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from './components/protected-route';
import { INTERACTIVE_EVENT } from '@/lib/ssr-data';
import { lazyModule, preloadScreen } from './lazy-module';
import { AuthLayout } from './layouts/auth-layout';
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

/** Every route renders with the query provider's module; `screen` names the route's file. */
function lazyRoute(screen: string, load: () => Promise<{ Component: ComponentType }>) {
  const modules = [`src/app/routes/${screen}.tsx`, 'src/app/route-query-provider.tsx'];
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

const HomeRoute = lazyRoute('home-route', () => import('./routes/home-route'));
const ProductsRoute = lazyRoute('products-route', () => import('./routes/products-route'));
const ProductRoute = lazyRoute('product-route', () => import('./routes/product-route'));
const CartRoute = lazyRoute('cart-route', () => import('./routes/cart-route'));
const TrackOrderRoute = lazyRoute('track-order-route', () => import('./routes/track-order-route'));
const ContactRoute = lazyRoute('contact-route', () => import('./routes/contact-route'));
const ApiTestRoute = lazyRoute('api-test-route', () => import('./routes/api-test-route'));
const OrderSuccessRoute = lazyRoute(
  'order-success-route',
  () => import('./routes/order-success-route'),
);
const PolicySlugRoute = lazyRoute('policy-slug-route', () => import('./routes/policy-slug-route'));
const NotFoundRoute = lazyRoute('not-found-route', () => import('./routes/not-found-route'));
const LoginRoute = lazyRoute('login-route', () => import('./routes/login-route'));
const RegisterRoute = lazyRoute('register-route', () => import('./routes/register-route'));
const ForgotPasswordRoute = lazyRoute(
  'forgot-password-route',
  () => import('./routes/forgot-password-route'),
);
const ResetPasswordRoute = lazyRoute(
  'reset-password-route',
  () => import('./routes/reset-password-route'),
);
const AccountRoute = lazyRoute('account-route', () => import('./routes/account-route'));
const AddressesRoute = lazyRoute('addresses-route', () => import('./routes/addresses-route'));
const CheckoutRoute = lazyRoute('checkout-route', () => import('./routes/checkout-route'));
const OrdersRoute = lazyRoute('orders-route', () => import('./routes/orders-route'));
const PaymentRoute = lazyRoute('payment-route', () => import('./routes/payment-route'));
const WishlistRoute = lazyRoute('wishlist-route', () => import('./routes/wishlist-route'));

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
