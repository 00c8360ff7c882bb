import { Badge } from '@store/ui/badge';
import { orderStatusLabel, orderStatusTone } from '@store/contracts/order-rules';

export function OrderStatusBadge({ status }: { status: unknown }) {
  return <Badge variant={orderStatusTone(status)}>{orderStatusLabel(status)}</Badge>;
}
