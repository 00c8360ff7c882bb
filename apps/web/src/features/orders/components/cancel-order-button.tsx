import { useState } from 'react';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import { toast } from '@store/ui/toast';
import { serverErrorText } from '@/lib/api-client';
import { useCancelOrderMutation } from '../api/cancel-order';
import type { OrderView } from '../lib/order-view';

export const cancelOrderText = {
  button: 'Cancel order',
  title: 'Cancel this order?',
  keep: 'Keep order',
  confirm: 'Yes, cancel order',
  done: 'Order cancelled',
  failed: 'Could not cancel the order',
} as const;

/** What the dialog says will happen: a paid order's money goes back the way it came. */
function consequence(order: Pick<OrderView, 'id' | 'paymentStatus'>) {
  const base = `Order #${order.id} will be cancelled and will not be sent.`;
  return order.paymentStatus === 'paid'
    ? `${base} The amount you paid will be refunded to the way you paid.`
    : base;
}

/**
 * Cancel order on a Pending or Processing order: a dialog says what happens and asks once more;
 * the button stays disabled while the request runs, so a double tap sends one cancel (the server
 * also refuses a second).
 */
export function CancelOrderButton({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrderMutation();
  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(cancelOrderText.done);
      },
      onError: (error) =>
        toast.error(cancelOrderText.failed, {
          description: serverErrorText(error) ?? 'Please try again later',
        }),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {cancelOrderText.button}
      </Button>
      <DialogContent className="w-[min(28rem,calc(100vw-2rem))] p-6">
        <DialogTitle className="text-xl font-semibold">{cancelOrderText.title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">
          {consequence(order)}
        </DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {cancelOrderText.keep}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancelOrderText.confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
