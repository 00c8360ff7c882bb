import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  deliveryZoneFor,
  normalizePin,
  pinCodePattern,
  pinNotFoundMessage,
  type PinPlace,
} from '@store/contracts/delivery';
import {
  deliveryChargeFor,
  deliveryChargeRulesOf,
  type DeliveryChargeQuote,
  type DeliveryChargeRules,
} from '@store/contracts/delivery-charges';
import { isUuid } from '@store/contracts/ids';
import { messages } from '@store/contracts/common';
import type { DbOrTx } from '../../db/client';
import { products, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { findPin } from './pincodes.service';

/*
 * Delivery charges on the server (docs/decisions/delivery-charges.md): the store's rules from its
 * row, the parcel's weight from its products, the zone from the dispatch and ship-to PINs, and
 * contracts' deliveryChargeFor to put them together.
 */

type StoreChargeColumns = Pick<
  typeof stores.$inferSelect,
  'deliveryRates' | 'freeDeliveryAbovePaise' | 'codFeePaise'
>;

/** A store row's delivery charges as the pricing reads them (nothing set: free everywhere). */
export function deliveryChargeRulesOfStore(row: StoreChargeColumns): DeliveryChargeRules {
  return deliveryChargeRulesOf({
    rates: row.deliveryRates,
    freeAbovePaise: row.freeDeliveryAbovePaise,
    codFeePaise: row.codFeePaise,
  });
}

/** Products not archived that have no weight: the settings say they add nothing to a weight charge. */
export async function countProductsWithoutWeight(db: DbOrTx, storeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), isNull(products.archivedAt), isNull(products.weightGrams)),
    );
  return Number(row?.n ?? 0);
}

/** One priced line of a cart or an order: what the pricing step knows of it. */
export interface DeliveryChargeLine {
  productId: string;
  quantity: number;
  /** the line's amount after discounts, in paise (unit price × quantity − its discount) */
  amountPaise: number;
}

export interface DeliveryChargeRequest {
  /** the ship-to PIN as typed ("560 038" is fine); null: not known yet (the cart) */
  shipToPin: string | null;
  lines: readonly DeliveryChargeLine[];
  /** paid cash on delivery: the COD fee applies */
  cashOnDelivery: boolean;
}

const pinProblem = (message: string) =>
  new HttpError(400, message, { 'shippingAddress.postalCode': message }, 'invalid_input');

/** The lines' delivery charge and COD fee, once the store, the PIN and the weights are read. */
export type DeliveryCharger = (
  lines: readonly DeliveryChargeLine[],
  cashOnDelivery: boolean,
) => DeliveryChargeQuote;

/**
 * Reads what a delivery charge depends on, once: the store's rules and dispatch PIN (one query),
 * the products' weights (one query) and the ship-to PIN's place; the answer prices any amounts of
 * those products, so the pricing step can ask again as discounts change the order value
 * (pricing/price-order.ts) without another query. A PIN that is malformed or that India Post does
 * not have is a 400 on `shippingAddress.postalCode`, as POST /orders says it; with `unknownPin:
 * 'ignore'` (the cart's quote, a PIN still being corrected) it is priced as no PIN. Lines naming
 * another store's or an unknown product weigh nothing (the pricing step refuses them first).
 */
export async function loadDeliveryCharger(
  db: DbOrTx,
  storeId: string,
  request: {
    shipToPin: string | null;
    productIds: readonly string[];
    unknownPin?: 'refuse' | 'ignore';
  },
): Promise<DeliveryCharger> {
  let to: PinPlace | null = null;
  if (request.shipToPin !== null) {
    const pin = normalizePin(request.shipToPin);
    const ignore = request.unknownPin === 'ignore';
    if (!pinCodePattern.test(pin)) {
      if (!ignore) throw pinProblem(messages.pinCode);
    } else {
      to = findPin(pin);
      if (!to && !ignore) throw pinProblem(pinNotFoundMessage(pin));
    }
  }
  const [store] = await db
    .select({
      dispatchPin: stores.dispatchPin,
      deliveryRates: stores.deliveryRates,
      freeDeliveryAbovePaise: stores.freeDeliveryAbovePaise,
      codFeePaise: stores.codFeePaise,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) throw new HttpError(404, 'No such store');
  const rules = deliveryChargeRulesOfStore(store);

  const ids = [...new Set(request.productIds.filter(isUuid))];
  const weights = new Map<string, number | null>();
  if (ids.length) {
    const rows = await db
      .select({ id: products.id, weightGrams: products.weightGrams })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
    for (const r of rows) weights.set(r.id, r.weightGrams);
  }
  const from = store.dispatchPin ? findPin(store.dispatchPin) : null;
  const zone = to ? deliveryZoneFor(from, to) : null;
  return (lines, cashOnDelivery) =>
    deliveryChargeFor({
      rules,
      zone,
      orderValuePaise: lines.reduce((sum, l) => sum + l.amountPaise, 0),
      lines: lines.map((l) => ({
        weightGrams: weights.get(l.productId) ?? null,
        quantity: l.quantity,
      })),
      cashOnDelivery,
    });
}

/**
 * What delivering these lines to `shipToPin` costs, and the COD fee (loadDeliveryCharger, asked
 * once). The order value is the lines' amounts after discounts.
 */
export async function quoteDeliveryCharge(
  db: DbOrTx,
  storeId: string,
  request: DeliveryChargeRequest,
): Promise<DeliveryChargeQuote> {
  const charge = await loadDeliveryCharger(db, storeId, {
    shipToPin: request.shipToPin,
    productIds: request.lines.map((l) => l.productId),
  });
  return charge(request.lines, request.cashOnDelivery);
}
