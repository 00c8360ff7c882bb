import { useState } from 'react';
import { formatPaise } from '@store/contracts/money';
import { orderStatus } from '@store/contracts/order-rules';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';
import { toast } from '@store/ui/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { OrderActionRequest } from '../api/order-actions';

/**
 * Record cash collected, after a confirmation: the cash-on-delivery payment is recorded for the
 * order's total and a Shipped order becomes Delivered. The courier's remittance number is optional.
 */
export function CodCollectionDialog({
  run,
  totalPaise,
  status,
}: {
  run: (action: OrderActionRequest) => Promise<unknown>;
  totalPaise: number;
  status: number;
}) {
  const [reference, setReference] = useState('');
  const amount = formatPaise(totalPaise);

  return (
    <ConfirmDialog
      trigger={(open) => <Button onClick={open}>Record cash collected</Button>}
      title={`Record ${amount} collected?`}
      description={
        <>
          The cash-on-delivery payment of {amount} is recorded as received.
          {status === orderStatus.shipped ? ' The order is marked delivered.' : ''}
        </>
      }
      keepLabel="Not yet"
      confirmLabel="Record cash collected"
      // money received, nothing destroyed: the primary colour, not Cancel order's red
      tone="default"
      onConfirm={async () => {
        const ref = reference.trim();
        await run({ kind: 'record_cod_collection', body: ref ? { reference: ref } : {} });
        toast.success('Cash collected recorded');
      }}
    >
      <div className="mt-4 grid gap-2">
        <Label htmlFor="cod-reference">Courier remittance or receipt number (optional)</Label>
        <Input
          id="cod-reference"
          value={reference}
          maxLength={100}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
