import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ProtectedRoute } from './components/protected-route';
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

function lazyRoute(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() =>
    Promise.all([load(), loadQueryProvider()]).then(([{ Component }, { RouteQueryProvider }]) => ({
      default: function LazyRoute() {
        return (
          <RouteQueryProvider>
            <Component />
          </RouteQueryProvider>
        );
      },
    })),
  );
}

const HomeRoute = lazyRoute(() => import('./routes/home-route'));
const ProductsRoute = lazyRoute(() => import('./routes/products-route'));
const ProductRoute = lazyRoute(() => import('./routes/product-route'));
const CartRoute = lazyRoute(() => import('./routes/cart-route'));
const TrackOrderRoute = lazyRoute(() => import('./routes/track-order-route'));
const ContactRoute = lazyRoute(() => import('./routes/contact-route'));
const ApiTestRoute = lazyRoute(() => import('./routes/api-test-route'));
const OrderSuccessRoute = lazyRoute(() => import('./routes/order-success-route'));
const PolicySlugRoute = lazyRoute(() => import('./routes/policy-slug-route'));
const NotFoundRoute = lazyRoute(() => import('./routes/not-found-route'));
const LoginRoute = lazyRoute(() => import('./routes/login-route'));
const RegisterRoute = lazyRoute(() => import('./routes/register-route'));
const ForgotPasswordRoute = lazyRoute(() => import('./routes/forgot-password-route'));
const ResetPasswordRoute = lazyRoute(() => import('./routes/reset-password-route'));
const AccountRoute = lazyRoute(() => import('./routes/account-route'));
const CheckoutRoute = lazyRoute(() => import('./routes/checkout-route'));
const OrdersRoute = lazyRoute(() => import('./routes/orders-route'));
const PaymentRoute = lazyRoute(() => import('./routes/payment-route'));
const WishlistRoute = lazyRoute(() => import('./routes/wishlist-route'));

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
