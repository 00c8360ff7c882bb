import type { DbOrTx } from '../../db/client';

/**
 * Called once per parcel, inside the transaction that records the courier's "out for delivery"
 * on the shipment (shipment-tracking.service.ts): the place for the shopper's "arriving today"
 * message. The messaging work (WhatsApp/SMS, queueOrderMessage(tx, orderId, 'out_for_delivery'))
 * is built apart and wires itself in here; until then the event is recorded on the shipment and
 * in the order's activity only, and the shopper hears of it nowhere.
 */
export async function whenOutForDelivery(_tx: DbOrTx, _orderId: string): Promise<void> {
  // deliberately empty: see above
}
