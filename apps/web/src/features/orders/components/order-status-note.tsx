import { orderStatusNote, type OrderView } from '../lib/order-view';

/** "Your payment is being confirmed", "Cancelled: not paid in time" or the cash on delivery to pay, under the status badge. */
export function OrderStatusNote({ order }: { order: OrderView }) {
  const note = orderStatusNote(order);
  if (!note) return null;
  return <p className="text-sm font-medium text-muted-foreground">{note}</p>;
}
