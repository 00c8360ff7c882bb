import { and, eq, inArray } from 'drizzle-orm';
import type { ShipmentStatus } from '@store/contracts/admin/orders';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db } from '../../db/client';
import { orders, shipments } from '../../db/schema';
import { recordActivity, type Actor } from '../activity/activity.service';
import {
  OrderTransitionError,
  transitionOrder,
  type OperatorAction,
} from '../orders/order-transitions.service';
import type { Courier, TrackingEvent, TrackingStatus } from './couriers/courier';
import { queueOrderMessage } from '../messaging/message-outbox.service';

/**
 * How far along a parcel is. A tracking event moves a shipment only forward and never past a
 * final status, so a replayed webhook or an older scan arriving late changes nothing.
 */
const rank: Record<ShipmentStatus, number> = {
  awaiting_pickup: 0,
  shipped: 1,
  out_for_delivery: 2,
  rto_initiated: 3,
  delivered: 4,
  rto_delivered: 4,
};
const final: readonly ShipmentStatus[] = ['delivered', 'rto_delivered'];

/** The statuses a shipment may move to `to` from. */
const movesTo = (to: TrackingStatus): ShipmentStatus[] =>
  (Object.keys(rank) as ShipmentStatus[]).filter((s) => !final.includes(s) && rank[s] < rank[to]);

const wording: Record<TrackingStatus, string> = {
  shipped: 'picked up / in transit',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  rto_initiated: 'returning to the shop',
  rto_delivered: 'returned to the shop',
};

/** The order's next move for where its parcel is; null: it is already there (or cannot follow). */
function nextMove(
  order: { status: number; codStatus: string | null },
  parcel: ShipmentStatus,
): OperatorAction | null {
  if (parcel === 'awaiting_pickup') return null;
  // a "delivered" or a return arriving before any pickup scan: the parcel did leave
  if (order.status === orderStatus.processing) return 'ship';
  if (order.status !== orderStatus.shipped) return null;
  if (parcel === 'delivered') return 'deliver';
  // only cash still to collect is undone by a return; a prepaid parcel back at the shop is for
  // staff to refund or send again (the activity entry says so)
  if (parcel === 'rto_delivered' && order.codStatus === 'to_collect') return 'return_undelivered';
  return null;
}

export interface TrackingOutcome {
  /** 'ignored': no shipment of ours, or an event that moves nothing; 'replayed': seen (or older) */
  outcome: 'applied' | 'replayed' | 'ignored';
  orderId?: string;
}

/**
 * A verified tracking event from `courier`: the shipment moves forward (with its activity entry,
 * and the shopper's out-for-delivery message, in one transaction), then the order is brought to where its
 * parcel is through transitionOrder, as staff would move it (Shipped, Delivered, returned
 * undelivered: the same e-mails, stock, invoice and credit note). The order's move is
 * conditional on its status, and it is done again for any event of the parcel, so a crash
 * between the two is mended by the courier's next event or its retry: each move, and its e-mail,
 * happens once.
 */
export async function applyTrackingEvent(
  db: Db,
  courier: Courier,
  event: TrackingEvent,
  opts: { onAvailabilityChange?: () => void } = {},
): Promise<TrackingOutcome> {
  const [shipment] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.awb, event.awb), eq(shipments.courier, courier.id)));
  if (!shipment) return { outcome: 'ignored' };
  if (event.status === null) return { outcome: 'ignored', orderId: shipment.orderId };
  const to = event.status;
  const system: Actor = { storeId: shipment.storeId, staffId: null, label: 'system' };

  const moved = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(shipments)
      .set({
        status: to,
        lastEventStatus: event.rawStatus || to,
        lastEventAt: event.at ?? now,
        updatedAt: now,
      })
      .where(and(eq(shipments.id, shipment.id), inArray(shipments.status, movesTo(to))))
      .returning({ id: shipments.id });
    if (!row) return false;
    const [order] = await tx
      .select({ codStatus: orders.codStatus })
      .from(orders)
      .where(eq(orders.id, shipment.orderId));
    const prepaidBack = to === 'rto_delivered' && order?.codStatus !== 'to_collect';
    await recordActivity(tx, system, {
      action: 'order.tracking',
      entityType: 'order',
      entityId: shipment.orderId,
      summary:
        `${courier.label}: ${wording[to]} (${event.rawStatus || to}, AWB ${event.awb})` +
        (prepaidBack ? '. The parcel is back: refund or send it again by hand' : ''),
      before: { shipmentStatus: shipment.status },
      after: { shipmentStatus: to, courierStatus: event.rawStatus, at: event.at?.toISOString() },
    });
    // "arriving today" by WhatsApp or SMS, to a shopper who asked for updates (once per order)
    if (to === 'out_for_delivery')
      await queueOrderMessage(tx, shipment.orderId, 'out_for_delivery');
    return true;
  });

  await bringOrderAlong(db, shipment, opts.onAvailabilityChange);
  return { outcome: moved ? 'applied' : 'replayed', orderId: shipment.orderId };
}

/** Moves the order, one transition at a time, to where its parcel now is. */
async function bringOrderAlong(
  db: Db,
  shipment: typeof shipments.$inferSelect,
  onAvailabilityChange?: () => void,
): Promise<void> {
  const system: Actor = { storeId: shipment.storeId, staffId: null, label: 'system' };
  // at most ship then deliver (or return); a few more turns for a move lost to a concurrent one
  for (let turn = 0; turn < 5; turn++) {
    const [[order], [parcel]] = await Promise.all([
      db
        .select({
          status: orders.status,
          codStatus: orders.codStatus,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
        })
        .from(orders)
        .where(eq(orders.id, shipment.orderId)),
      db
        .select({
          status: shipments.status,
          awb: shipments.awb,
          courierName: shipments.courierName,
        })
        .from(shipments)
        .where(eq(shipments.id, shipment.id)),
    ]);
    if (!order || !parcel) return;
    const move = nextMove(order, parcel.status as ShipmentStatus);
    if (!move) return;
    try {
      await transitionOrder(db, shipment.orderId, move, {
        storeId: shipment.storeId,
        actor: system,
        ...(move === 'ship'
          ? {
              booked: {
                carrier: parcel.courierName ?? order.carrier ?? shipment.courier,
                trackingNumber: parcel.awb ?? order.trackingNumber ?? '',
              },
            }
          : {}),
        onAvailabilityChange,
      });
    } catch (err) {
      // moved meanwhile (staff, or this parcel's other event): look again
      if (!(err instanceof OrderTransitionError && err.kind === 'conflict')) throw err;
    }
  }
}
