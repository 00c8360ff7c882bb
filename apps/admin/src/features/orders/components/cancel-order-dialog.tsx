import { useState } from 'react';
import { Button } from '@store/ui/button';
import { Label } from '@store/ui/label';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { OrderActionRequest } from '../api/order-actions';

/** Cancel order, after a confirmation that says what happens to the stock and the money. */
export function CancelOrderDialog({
  run,
  paid,
}: {
  run: (action: OrderActionRequest) => Promise<unknown>;
  paid: boolean;
}) {
  const [reason, setReason] = useState('');

  return (
    <ConfirmDialog
      trigger={(open) => (
        <Button variant="destructive" onClick={open}>
          Cancel order
        </Button>
      )}
      title="Cancel this order?"
      description={
        <>
          The items go back into stock.{' '}
          {paid
            ? 'This order is paid: it will be flagged for refund, to record once the money is returned.'
            : 'No payment was taken.'}
        </>
      }
      keepLabel="Keep order"
      confirmLabel="Cancel order"
      onConfirm={async () => {
        await run({ kind: 'cancel', body: reason.trim() ? { reason: reason.trim() } : {} });
        toast.success('Order cancelled');
      }}
    >
      <div className="mt-4 grid gap-2">
        <Label htmlFor="cancel-reason">Reason (optional)</Label>
        <Textarea
          id="cancel-reason"
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
