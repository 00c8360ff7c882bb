import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/state/session/use-session';
import { opensWithPayLink } from '@/features/payment/lib/pay-link';
import { paths } from '@/lib/paths';

/**
 * Guards /account, /checkout, /orders and /payment: nothing while the session loads, then either the
 * page or /login with the origin in navigation state (`state.from`, a Location). The payment page
 * opened from the shop's payment link (an order taken by phone) needs no sign-in: the link pays
 * that one order.
 */
export function ProtectedRoute() {
  const { isLoggedIn, isLoading } = useSession();
  const location = useLocation();
  if (opensWithPayLink(location)) return <Outlet />;
  if (isLoading) return null;
  if (!isLoggedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
