// What `npm run store -- refunds` and `refund ...` print.
import { formatPaise } from '@store/contracts/money';
import type { RecordedRefundView, RefundDueView } from '@store/contracts/payments';
import { printable as printableValue } from './terminal-text';

// a payer's VPA or a reference could hide terminal escapes: printed as '?'
const printable = (text: string | null) => printableValue(text ?? '');

export function formatRefundsDue(due: readonly RefundDueView[]): string {
  if (due.length === 0) return 'No payment needs a refund.';
  const lines = due.map((p) =>
    [
      p.paymentId,
      `order ${p.orderId}`,
      `${p.provider}${p.providerReference ? ` ${printable(p.providerReference)}` : ''}`,
      `paid ${formatPaise(p.amountPaise)}`,
      `refunded ${formatPaise(p.refundedPaise)}`,
      ...(p.requestedPaise > 0 ? [`requested ${formatPaise(p.requestedPaise)}`] : []),
      `owed ${formatPaise(p.refundablePaise)}`,
      ...(p.payerVpa ? [`payer ${printable(p.payerVpa)}`] : []),
    ].join('  '),
  );
  return [
    `${due.length} payment${due.length === 1 ? '' : 's'} to refund:`,
    ...lines,
    'Record one: npm run store -- refund <paymentId> --amount <rupees> --reference <text>',
  ].join('\n');
}

export function formatRecordedRefund(r: RecordedRefundView): string {
  const what = `${formatPaise(r.amountPaise)} of payment ${r.paymentId} (order ${r.orderId}), reference ${printable(r.reference)}`;
  const already = r.existing ? ' (recorded before; nothing changed)' : '';
  if (r.status === 'succeeded') return `Refund ${r.id} recorded: ${what}${already}.`;
  if (r.status === 'requested') {
    return `Refund ${r.id} requested from PayU${r.providerRefundId ? ` (request ${r.providerRefundId})` : ''}: ${what}${already}. It counts once PayU confirms it.${r.note ? ` ${printable(r.note)}` : ''}`;
  }
  return `Refund ${r.id} failed: ${what}${already}: ${printable(r.note)}`;
}
