import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from './layout';
import { OwnerOnly, RequireSession } from './components/guards';
import { PageFallback } from './components/page-fallback';
import { LoginRoute } from './routes/login-route';

/** A route module loaded on first visit; every route file exports a named component. */
function lazyRoute<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const DashboardRoute = lazyRoute(() => import('./routes/dashboard-route'), 'DashboardRoute');
const OrdersRoute = lazyRoute(() => import('./routes/orders-route'), 'OrdersRoute');
const OrderRoute = lazyRoute(() => import('./routes/order-route'), 'OrderRoute');
const NewOrderRoute = lazyRoute(() => import('./routes/new-order-route'), 'NewOrderRoute');
const HeldStockRoute = lazyRoute(() => import('./routes/held-stock-route'), 'HeldStockRoute');
const ReturnsRoute = lazyRoute(() => import('./routes/returns-route'), 'ReturnsRoute');
const ReviewsRoute = lazyRoute(() => import('./routes/reviews-route'), 'ReviewsRoute');
const ReturnRoute = lazyRoute(() => import('./routes/return-route'), 'ReturnRoute');
const ProductsRoute = lazyRoute(() => import('./routes/products-route'), 'ProductsRoute');
const ProductFormRoute = lazyRoute(() => import('./routes/product-form-route'), 'ProductFormRoute');
const ImportRoute = lazyRoute(() => import('./routes/import-route'), 'ImportRoute');
const CategoriesRoute = lazyRoute(() => import('./routes/categories-route'), 'CategoriesRoute');
const DiscountsRoute = lazyRoute(() => import('./routes/discounts-route'), 'DiscountsRoute');
const DiscountFormRoute = lazyRoute(
  () => import('./routes/discount-form-route'),
  'DiscountFormRoute',
);
const CustomersRoute = lazyRoute(() => import('./routes/customers-route'), 'CustomersRoute');
const CustomerRoute = lazyRoute(() => import('./routes/customer-route'), 'CustomerRoute');
const SettingsRoute = lazyRoute(() => import('./routes/settings-route'), 'SettingsRoute');
const StaffRoute = lazyRoute(() => import('./routes/staff-route'), 'StaffRoute');
const MessagesRoute = lazyRoute(() => import('./routes/messages-route'), 'MessagesRoute');
const MessageRoute = lazyRoute(() => import('./routes/messages-route'), 'MessageRoute');
const NewsletterRoute = lazyRoute(() => import('./routes/messages-route'), 'NewsletterRoute');
const ActivityRoute = lazyRoute(() => import('./routes/activity-route'), 'ActivityRoute');
const NotFoundRoute = lazyRoute(() => import('./routes/not-found-route'), 'NotFoundRoute');

const page = (element: ReactNode) => <Suspense fallback={<PageFallback />}>{element}</Suspense>;

/** Paths are below the router's basename, /admin. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginRoute />} />
      <Route
        element={
          <RequireSession>
            <AdminLayout />
          </RequireSession>
        }
      >
        <Route index element={page(<DashboardRoute />)} />
        <Route path="orders" element={page(<OrdersRoute />)} />
        <Route path="orders/new" element={page(<NewOrderRoute />)} />
        <Route path="orders/:id" element={page(<OrderRoute />)} />
        <Route path="held-stock" element={page(<HeldStockRoute />)} />
        <Route path="returns" element={page(<ReturnsRoute />)} />
        <Route path="returns/:id" element={page(<ReturnRoute />)} />
        <Route path="reviews" element={page(<ReviewsRoute />)} />
        <Route path="products" element={page(<ProductsRoute />)} />
        <Route path="products/new" element={page(<ProductFormRoute />)} />
        <Route path="products/import" element={page(<ImportRoute />)} />
        <Route path="products/:id" element={page(<ProductFormRoute />)} />
        <Route path="categories" element={page(<CategoriesRoute />)} />
        <Route path="discounts" element={page(<DiscountsRoute />)} />
        <Route path="discounts/new" element={page(<DiscountFormRoute />)} />
        <Route path="discounts/:id" element={page(<DiscountFormRoute />)} />
        <Route path="customers" element={page(<CustomersRoute />)} />
        <Route path="customers/:id" element={page(<CustomerRoute />)} />
        <Route path="messages" element={page(<MessagesRoute />)} />
        <Route path="messages/newsletter" element={page(<NewsletterRoute />)} />
        <Route path="messages/:id" element={page(<MessageRoute />)} />
        <Route path="settings" element={<OwnerOnly>{page(<SettingsRoute />)}</OwnerOnly>} />
        <Route path="staff" element={<OwnerOnly>{page(<StaffRoute />)}</OwnerOnly>} />
        <Route path="activity" element={page(<ActivityRoute />)} />
        <Route path="*" element={page(<NotFoundRoute />)} />
      </Route>
    </Routes>
  );
}
