import { and, eq, isNull } from 'drizzle-orm';
import { COD_CODE_MAX_SENDS, COD_CODE_RESEND_SECONDS, maskPhone } from '@store/contracts/cod-codes';
import type { Order } from '@store/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { codCodes, orders } from '../../db/schema';

// Apart from cod-code.service so that the order's view (orders.service) and the order
// transitions read it without importing the confirmation, which uses the transitions.

/** What the shopper's own order shows of its code (orders.service findOrderForViewer). */
export async function codCodeViewOf(
  db: DbOrTx,
  orderId: string,
  codConfirmedAt: Date | null,
): Promise<Order['codCode']> {
  const [code] = await db.select().from(codCodes).where(eq(codCodes.orderId, orderId));
  if (!code) return null;
  return {
    phone: maskPhone(code.phone),
    confirmed: code.confirmedAt !== null || codConfirmedAt !== null,
    expiresAt: code.expiresAt.toISOString(),
    resendAt: new Date(code.sentAt.getTime() + COD_CODE_RESEND_SECONDS * 1000).toISOString(),
    sendsLeft: Math.max(0, COD_CODE_MAX_SENDS - code.sends),
  };
}

/**
 * Whether staff may not ship this order yet (order-transitions' ship, shipping's Book shipment):
 * cash on delivery still to collect, asked for a code that neither the shopper gave nor staff
 * confirmed by hand.
 */
export async function waitsForCodCode(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: codCodes.orderId })
    .from(codCodes)
    .innerJoin(orders, eq(orders.id, codCodes.orderId))
    .where(
      and(
        eq(codCodes.orderId, orderId),
        eq(orders.codStatus, 'to_collect'),
        isNull(orders.codConfirmedAt),
      ),
    );
  return row !== undefined;
}
