// POST /cart/quote: the cart priced by the same step as POST /orders (pricing.service.ts), in
// rupees for the browser to show. Read-only: nothing is locked, nothing is counted.

import type { CartQuote, CartQuoteBody } from '@store/contracts/cart-quote';
import { isPinCode, normalizePin } from '@store/contracts/delivery';
import { indianStatesAndUts } from '@store/contracts/india';
import { paiseToRupees } from '@store/contracts/money';
import type { DbOrTx } from '../../db/client';
import { findProductsForOrder } from '../products/products.service';
import { priceCart } from './pricing.service';
import type { PricedOrder } from './price-order';
import type { LineTax } from '@store/contracts/gst';

/** A state as the shop spells it, or null when it is none (the quote's address is half typed). */
function knownState(state: string | undefined): string | null {
  const wanted = state?.trim().toLowerCase();
  if (!wanted) return null;
  return indianStatesAndUts.find((s) => s.toLowerCase() === wanted) ?? null;
}

const taxOf = (t: LineTax | null) => (t ? t.cgstPaise + t.sgstPaise + t.igstPaise : 0);

/** The GST inside the total: the lines', the delivery charge's and the COD fee's, as the invoice splits them. */
function gstInside(priced: PricedOrder): number {
  return (
    priced.lines.reduce((sum, l) => sum + taxOf(l), 0) +
    taxOf(priced.delivery.tax) +
    taxOf(priced.codFee.tax)
  );
}

export async function quoteCart(
  db: DbOrTx,
  storeId: string,
  customerId: string | null,
  body: CartQuoteBody,
): Promise<CartQuote> {
  const ids = [...new Set(body.lines.map((l) => l.productId))];
  const found = new Map((await findProductsForOrder(db, storeId, ids)).map((p) => [p.id, p]));
  const sellable = body.lines.filter((l) => found.has(l.productId));
  const pin = body.shippingAddress?.postalCode;
  const priced = await priceCart(db, {
    storeId,
    lines: sellable.map((l) => ({ product: found.get(l.productId)!, quantity: l.quantity })),
    couponCode: body.couponCode,
    customerId,
    shipTo: {
      state: knownState(body.shippingAddress?.state),
      postalCode: pin && isPinCode(pin) ? normalizePin(pin) : null,
    },
    paymentMethod: body.paymentMethod ?? null,
    // a PIN India Post does not have is priced as none while the shopper corrects it: the order
    // refuses it on the PIN field
    unknownPin: 'ignore',
    lock: false,
  });
  const rupees = paiseToRupees;
  return {
    lines: priced.lines.map((l, i) => ({
      productId: l.productId,
      size: sellable[i]!.size ?? null,
      color: sellable[i]!.color ?? null,
      quantity: l.quantity,
      unitPrice: rupees(l.unitPricePaise),
      amount: rupees(l.grossPaise),
      discount: rupees(l.discountPaise),
      total: rupees(l.netPaise),
    })),
    unavailable: ids.filter((id) => !found.has(id)),
    subtotal: rupees(priced.subtotalPaise),
    discount: rupees(priced.discountPaise),
    delivery: {
      charge: rupees(priced.delivery.chargePaise),
      waived: rupees(priced.delivery.waivedPaise),
      amount: rupees(priced.delivery.paise),
      basis: priced.delivery.quote.basis,
      label: priced.delivery.quote.label,
      toFree:
        priced.delivery.quote.toFreePaise === null
          ? null
          : rupees(priced.delivery.quote.toFreePaise),
    },
    codFee: rupees(priced.codFee.paise),
    gst: rupees(gstInside(priced)),
    total: rupees(priced.totalPaise),
    offers: priced.applied.map((a) => ({
      code: a.code,
      description: a.description,
      kind: a.kind,
      amount: rupees(a.goodsPaise + a.deliveryPaise),
    })),
    coupon: priced.coupon
      ? {
          code: priced.coupon.code,
          applied: priced.coupon.applied,
          reason: priced.coupon.applied ? null : priced.coupon.reason,
          message: priced.coupon.applied ? null : priced.coupon.message,
        }
      : null,
  };
}
