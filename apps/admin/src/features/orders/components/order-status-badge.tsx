import { orderStatusLabel, orderStatusTone } from '@store/contracts/order-rules';
import { Badge } from '@store/ui/badge';

export function OrderStatusBadge({ status }: { status: number }) {
  return <Badge variant={orderStatusTone(status)}>{orderStatusLabel(status)}</Badge>;
}

const paymentLabels: Record<
  string,
  { label: string; tone: 'gray' | 'yellow' | 'green' | 'red' | 'blue' }
> = {
  unpaid: { label: 'Unpaid', tone: 'gray' },
  confirming: { label: 'Confirming', tone: 'yellow' },
  paid: { label: 'Paid', tone: 'green' },
  refunded: { label: 'Refunded', tone: 'blue' },
  needs_refund: { label: 'Needs refund', tone: 'red' },
};

export function PaymentBadge({ payment }: { payment: string }) {
  const known = paymentLabels[payment] ?? { label: payment, tone: 'gray' as const };
  return <Badge variant={known.tone}>{known.label}</Badge>;
}

/** A cash-on-delivery order's money: "COD · to collect" until the cash is recorded. */
export function CodBadge({ codStatus }: { codStatus: string | null | undefined }) {
  if (codStatus === 'to_collect') return <Badge variant="yellow">COD · to collect</Badge>;
  if (codStatus === 'collected') return <Badge variant="green">COD · collected</Badge>;
  return null;
}
