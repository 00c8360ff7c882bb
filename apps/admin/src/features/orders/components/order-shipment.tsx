import { useState } from 'react';
import { shipmentStatusLabel } from '@store/contracts/admin/orders';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { downloadShipmentLabel, useBookShipment, useOrderShipment } from '../api/order-shipment';

/**
 * The order's parcel booked with a courier's API (Shiprocket): Book shipment while the order is
 * Processing and a courier account is set up; then who carries it, the AWB, where it is and the
 * label to print. Shops without an account see nothing here and ship with Mark shipped.
 */
export function OrderShipment({ orderId }: { orderId: string }) {
  const { data } = useOrderShipment(orderId);
  const book = useBookShipment(orderId);
  const [printing, setPrinting] = useState(false);
  if (!data || (!data.shipment && data.couriers.length === 0)) return null;
  const { shipment, canBook } = data;
  const courierLabel = shipment?.courierLabel ?? data.couriers[0]?.label ?? 'the courier';

  const onBook = async () => {
    try {
      const booked = await book.mutateAsync(undefined);
      toast.success(`Booked with ${courierLabel}: AWB ${booked.shipment?.awb ?? ''}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const onPrint = async () => {
    setPrinting(true);
    try {
      await downloadShipmentLabel(orderId);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <section
      aria-label="Shipment"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <h3 className="font-sans text-base font-semibold">Shipment</h3>
      {shipment?.awb ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Courier</dt>
          <dd>
            {shipment.courierName} (via {shipment.courierLabel})
          </dd>
          <dt className="text-muted-foreground">AWB</dt>
          <dd className="font-mono">{shipment.awb}</dd>
          <dt className="text-muted-foreground">Tracking</dt>
          <dd>
            {shipmentStatusLabel[shipment.status]}
            {shipment.lastEventAt ? (
              <span className="block text-xs text-muted-foreground">
                {shipment.lastEventStatus} · {formatDateTime(shipment.lastEventAt)}
              </span>
            ) : shipment.pickupScheduledFor ? (
              <span className="block text-xs text-muted-foreground">
                Pickup {shipment.pickupScheduledFor}
              </span>
            ) : null}
          </dd>
        </dl>
      ) : null}
      {shipment && !shipment.complete ? (
        <p role="note" className="text-muted-foreground">
          The booking stopped part-way; Book shipment again continues it.
        </p>
      ) : null}
      {shipment?.labelAvailable ? (
        <Button type="button" variant="outline" onClick={onPrint} disabled={printing}>
          Print label
        </Button>
      ) : null}
      {canBook ? (
        <Button type="button" onClick={onBook} disabled={book.isPending}>
          {book.isPending ? 'Booking…' : `Book shipment with ${courierLabel}`}
        </Button>
      ) : null}
    </section>
  );
}
