import { useState } from 'react';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { Label } from '@store/ui/label';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { OrderActionRequest } from '../api/order-actions';

/** Cancel order, after a confirmation that says what happens to the stock and the money. */
export function CancelOrderDialog({
  run,
  paid,
}: {
  run: (action: OrderActionRequest) => Promise<unknown>;
  paid: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await run({ kind: 'cancel', body: reason.trim() ? { reason: reason.trim() } : {} });
      toast.success('Order cancelled');
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <DialogContent className="w-[min(28rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="text-xl font-semibold">Cancel this order?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          The items go back into stock.{' '}
          {paid
            ? 'This order is paid: it will be flagged for refund, to record once the money is returned.'
            : 'No payment was taken.'}
        </DialogDescription>
        <div className="mt-4 grid gap-2">
          <Label htmlFor="cancel-reason">Reason (optional)</Label>
          <Textarea
            id="cancel-reason"
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {problem ? (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep order
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={busy}>
            Cancel order
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
