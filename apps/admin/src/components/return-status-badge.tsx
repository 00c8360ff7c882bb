import { returnStatusLabels, type ReturnStatus } from '@store/contracts/return-rules';
import { Badge } from '@store/ui/badge';

const tones: Record<ReturnStatus, 'yellow' | 'blue' | 'red' | 'purple' | 'green'> = {
  requested: 'yellow',
  approved: 'blue',
  rejected: 'red',
  received: 'purple',
  refunded: 'green',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge variant={tones[status]}>{returnStatusLabels[status]}</Badge>;
}
