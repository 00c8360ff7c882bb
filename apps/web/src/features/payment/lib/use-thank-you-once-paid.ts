import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useOrderStatusPolling } from '../api/get-order-status';

/**
 * Follows the order while its payment is awaited (a QR on screen, a provider still confirming)
 * and goes to the thank-you page once a verified payment makes it Processing.
 */
export function useThankYouOncePaid(orderId: string, intervalMs?: number, active = true): void {
  const navigate = useNavigate();
  const { data: paid = false } = useOrderStatusPolling(orderId, intervalMs, active);
  useEffect(() => {
    if (paid) navigate(paths.orderSuccess, { replace: true, state: { orderId } });
  }, [paid, navigate, orderId]);
}
