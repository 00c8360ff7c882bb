import { eq } from 'drizzle-orm';
import {
  deliveryZonesOrDefault,
  estimateDelivery,
  normalizePin,
  pinCodePattern,
  pinNotFoundMessage,
  pinStateMismatch,
  type DeliveryZones,
  type PinLookup,
  type PinPlace,
} from '@store/contracts/delivery';
import { messages } from '@store/contracts/common';
import type { DbOrTx } from '../../db/client';
import { stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { findPin } from './pincodes.service';

/** Where a store's parcels leave from (null: not set, or not a PIN India Post knows) and its zones. */
export async function storeDelivery(
  db: DbOrTx,
  storeId: string,
): Promise<{ from: PinPlace | null; zones: DeliveryZones }> {
  const [row] = await db
    .select({ dispatchPin: stores.dispatchPin, deliveryZones: stores.deliveryZones })
    .from(stores)
    .where(eq(stores.id, storeId));
  return {
    from: row?.dispatchPin ? findPin(row.dispatchPin) : null,
    zones: deliveryZonesOrDefault(row?.deliveryZones),
  };
}

/**
 * GET /pincodes/:pin: where the PIN is and when an order placed `now` would arrive there.
 * 400 when it is not six digits, 404 when India Post has no such PIN.
 */
export async function lookupPin(
  db: DbOrTx,
  storeId: string,
  input: string,
  now: Date,
): Promise<PinLookup> {
  const pin = normalizePin(input);
  if (!pinCodePattern.test(pin))
    throw new HttpError(400, messages.pinCode, { pin: messages.pinCode });
  const place = findPin(pin);
  if (!place) throw new HttpError(404, pinNotFoundMessage(pin));
  const { from, zones } = await storeDelivery(db, storeId);
  return { ...place, delivery: estimateDelivery({ from, to: place, zones, now }) };
}

/**
 * The order's PIN must be one India Post knows and its state one the PIN is in (a Delhi PIN
 * with Tamil Nadu is a typo that would send the parcel astray). Throws 400 with the field to
 * fix, as the checkout shows it; answers the PIN as six digits.
 */
export function checkShippingPin(address: { postalCode: string; state: string }): string {
  const pin = normalizePin(address.postalCode);
  const place = findPin(pin);
  if (!place) {
    const message = pinNotFoundMessage(pin);
    throw new HttpError(400, message, { 'shippingAddress.postalCode': message }, 'invalid_input');
  }
  const mismatch = pinStateMismatch(place, address.state);
  if (mismatch) {
    const message = `${mismatch}, not ${address.state.trim()}`;
    throw new HttpError(400, message, { 'shippingAddress.state': message }, 'invalid_input');
  }
  return pin;
}
