import { useEffect, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ProtectedRoute } from './components/protected-route';
import { INTERACTIVE_EVENT } from '@/lib/ssr-data';
import { lazyModule } from './lazy-module';
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
  if ('interactive' in document.documentElement.dataset) return;
  document.documentElement.dataset.interactive = '';
  window.dispatchEvent(new Event(INTERACTIVE_EVENT));
}

/** Every route renders with the query provider's module; `screen` names the route's file. */
function lazyRoute(screen: string, load: () => Promise<{ Component: ComponentType }>) {
  const modules = [`src/app/routes/${screen}.tsx`, 'src/app/route-query-provider.tsx'];
  return lazyModule(modules, () =>
    Promise.all([load(), loadQueryProvider()]).then(([{ Component }, { RouteQueryProvider }]) => ({
      default: function LazyRoute() {
        useEffect(markInteractive, []);
        return (
          <RouteQueryProvider>
            <Component />
          </RouteQueryProvider>
        );
      },
    })),
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
const CheckoutRoute = lazyRoute('checkout-route', () => import('./routes/checkout-route'));
const OrdersRoute = lazyRoute('orders-route', () => import('./routes/orders-route'));
const PaymentRoute = lazyRoute('payment-route', () => import('./routes/payment-route'));
const WishlistRoute = lazyRoute('wishlist-route', () => import('./routes/wishlist-route'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path="login" element={<LoginRoute />} />
        <Route path="register" element={<RegisterRoute />} />
        <Route path="forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="reset-password" element={<ResetPasswordRoute />} />
      </Route>
      <Route element={<MainLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="products" element={<ProductsRoute />} />
        <Route path="product/:id" element={<ProductRoute />} />
        <Route path="cart" element={<CartRoute />} />
        <Route path="wishlist" element={<WishlistRoute />} />
        <Route path="track-order" element={<TrackOrderRoute />} />
        <Route path="contact" element={<ContactRoute />} />
        <Route path="api-test" element={<ApiTestRoute />} />
        <Route path="order-success" element={<OrderSuccessRoute />} />
        <Route element={<ProtectedRoute />}>
          <Route path="account" element={<AccountRoute />} />
          <Route path="checkout" element={<CheckoutRoute />} />
          <Route path="orders" element={<OrdersRoute />} />
          <Route path="payment" element={<PaymentRoute />} />
        </Route>
        <Route path="404" element={<NotFoundRoute />} />
        <Route path=":policyType" element={<PolicySlugRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
