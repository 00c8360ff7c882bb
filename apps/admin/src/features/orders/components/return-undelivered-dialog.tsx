import { formatPaise } from '@store/contracts/money';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { OrderActionRequest } from '../api/order-actions';

/**
 * Returned undelivered, after a confirmation: a Shipped cash-on-delivery parcel the buyer refused
 * (return to origin). The order is cancelled, its items go back into stock, nothing is left to
 * collect and a credit note reverses the invoice.
 */
export function ReturnUndeliveredDialog({
  run,
  totalPaise,
}: {
  run: (action: OrderActionRequest) => Promise<unknown>;
  totalPaise: number;
}) {
  return (
    <ConfirmDialog
      trigger={(open) => (
        <Button variant="outline" onClick={open}>
          Returned undelivered
        </Button>
      )}
      title="Mark this parcel returned undelivered?"
      description={
        <>
          Only once the parcel is back with you. The order is cancelled and its items go back into
          stock; the {formatPaise(totalPaise)} is no longer to collect, and a credit note reverses
          the invoice.
        </>
      }
      keepLabel="Not yet"
      confirmLabel="Returned undelivered"
      onConfirm={async () => {
        await run({ kind: 'return_undelivered' });
        toast.success('Order returned undelivered and cancelled');
      }}
    />
  );
}
