import { Badge } from '@store/ui/badge';
import { orderStatusBadgeVariant, orderStatusLabel } from '../lib/order-view';

export function OrderStatusBadge({ status }: { status: unknown }) {
  return <Badge variant={orderStatusBadgeVariant(status)}>{orderStatusLabel(status)}</Badge>;
}
