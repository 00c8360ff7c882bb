import { eq } from 'drizzle-orm';
import { formatInr, paiseToRupees } from '@store/contracts/money';
import type { DbOrTx } from '../../db/client';
import { stores } from '../../db/schema';

// The store's cash-on-delivery rules, on their own (no order transitions imported): POST /orders
// runs them before it writes the order or takes stock, and POST /payments again when the shopper
// chooses cash on delivery for an order already placed. One check, so the two cannot disagree.

export const codMessages = {
  off: 'Cash on delivery is not available at the moment',
  overLimit: (maxPaise: number) =>
    `Cash on delivery is available for orders up to ${formatInr(paiseToRupees(maxPaise))}`,
  pin: (pin: string) => `Cash on delivery is not available for PIN ${pin}`,
  alreadyAccepted: 'This order is already confirmed for cash on delivery',
  alreadyCollected: 'The cash for this order is already recorded',
  notCod: 'This order is not a cash-on-delivery order',
} as const;

/** The store's cash-on-delivery fee in paise (0: none), as saved now. */
export async function codFeeOf(db: DbOrTx, storeId: string): Promise<number> {
  const [store] = await db
    .select({ fee: stores.codFeePaise })
    .from(stores)
    .where(eq(stores.id, storeId));
  return Math.max(0, store?.fee ?? 0);
}

/** Whether a PIN may pay cash: no prefixes means all of India. */
export function codAllowedForPin(pin: string, prefixes: readonly string[] | null): boolean {
  const digits = pin.replace(/\s+/g, '');
  return !prefixes || prefixes.length === 0 || prefixes.some((p) => digits.startsWith(p));
}

/**
 * Why this store would not take cash for an order of this total to this PIN, or null when it
 * would. The store's switch, limit and PIN prefixes are read from its row here (not the cached
 * store table), so a setting saved a moment ago applies at once.
 */
export async function codRefusal(
  tx: DbOrTx,
  storeId: string,
  order: { totalPaise: number; shippingPostalCode: string },
): Promise<string | null> {
  const [store] = await tx
    .select({
      enabled: stores.codEnabled,
      maxPaise: stores.codMaxPaise,
      prefixes: stores.codPinPrefixes,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store?.enabled) return codMessages.off;
  if (order.totalPaise > store.maxPaise) return codMessages.overLimit(store.maxPaise);
  if (!codAllowedForPin(order.shippingPostalCode, store.prefixes))
    return codMessages.pin(order.shippingPostalCode.replace(/\s+/g, ''));
  return null;
}
