// Loads what the pricing step needs from the database and runs it (price-order.ts): the quote
// (POST /cart/quote) and createOrder call `priceCart`, createOrder inside the order's transaction
// with `lock`, then `recordDiscountUses` in that same transaction.

import { and, asc, eq, inArray, isNull, lte, ne, or, gt, sql } from 'drizzle-orm';
import {
  normalizeCouponCode,
  type DiscountKind,
  type DiscountScope,
} from '@store/contracts/discounts';
import { gstStateOfGstin, isIntraState, splitLineTax } from '@store/contracts/gst';
import { effectivePrice } from '@store/contracts/money';
import { orderStatus } from '@store/contracts/order-rules';
import type { CreateOrderBody } from '@store/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { categories, discounts, discountUses, orderItems, orders, stores } from '../../db/schema';
import type { ProductRow } from '../products/products.service';
import { loadDeliveryCharger } from '../shipping/delivery-charge.service';
import {
  principalSupply,
  priceOrder,
  type PricedCodFee,
  type DiscountRule,
  type DiscountUsage,
  type PricedOrder,
  type PricingLine,
} from './price-order';

type DiscountRow = typeof discounts.$inferSelect;

export function toDiscountRule(row: DiscountRow): DiscountRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind as DiscountKind,
    percentBp: row.percentBp,
    amountPaise: row.amountPaise,
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    appliesTo: row.appliesTo as DiscountScope,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    minOrderPaise: row.minOrderPaise,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
  };
}

/**
 * The state the store charges GST from: its configured state, else its GSTIN's. A store without a
 * GSTIN is not registered and charges none (null); a registered one whose GSTIN names no state
 * (97, 99) has every supply inter-state ('').
 */
export async function storeGstState(db: DbOrTx, storeId: string): Promise<string | null> {
  const [store] = await db
    .select({ gstin: stores.gstin, gstState: stores.gstState })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  if (!store?.gstin) return null;
  return store.gstState || gstStateOfGstin(store.gstin) || '';
}

/** Each product's category id (products name theirs by text, matched case-insensitively). */
async function categoryIdsOf(
  db: DbOrTx,
  storeId: string,
  products: readonly ProductRow[],
): Promise<Map<string, string>> {
  const names = [...new Set(products.map((p) => p.category?.toLowerCase()).filter(Boolean))];
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), inArray(sql`lower(${categories.name})`, names)));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/**
 * The discounts that may apply: the store's automatic offers running now, and the code's discount
 * whatever its state (so a refusal can say why). With `lock`, those with a usage limit are locked
 * (FOR UPDATE, in id order so two orders never deadlock) and read again: an order's transaction
 * then counts their uses with no other order counting at the same time, and holds them until it
 * commits its own use (docs/decisions/promotions.md).
 */
async function candidateDiscounts(
  db: DbOrTx,
  storeId: string,
  code: string | null,
  now: Date,
  lock: boolean,
): Promise<DiscountRow[]> {
  const automatic = and(
    isNull(discounts.code),
    eq(discounts.active, true),
    lte(discounts.startsAt, now),
    or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
  );
  const rows = await db
    .select()
    .from(discounts)
    .where(
      and(
        eq(discounts.storeId, storeId),
        code ? or(automatic, eq(discounts.code, code)) : automatic,
      ),
    )
    .orderBy(asc(discounts.createdAt), asc(discounts.id));
  if (!lock) return rows;
  const limited = rows
    .filter((r) => r.usageLimit !== null || r.perCustomerLimit !== null)
    .map((r) => r.id);
  if (limited.length === 0) return rows;
  const locked = await db
    .select()
    .from(discounts)
    .where(inArray(discounts.id, limited))
    .orderBy(asc(discounts.id))
    .for('update');
  const fresh = new Map(locked.map((r) => [r.id, r]));
  return rows.map((r) => fresh.get(r.id) ?? r);
}

/** Uses by orders that are not Cancelled, per discount: in all, and by this customer. */
async function usageOf(
  db: DbOrTx,
  ids: string[],
  customerId: string | null,
): Promise<Map<string, DiscountUsage>> {
  if (ids.length === 0) return new Map();
  const mine = customerId ? sql`${discountUses.userId} = ${customerId}` : sql`false`;
  const rows = await db
    .select({
      discountId: discountUses.discountId,
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`(count(*) filter (where ${mine}))::int`,
    })
    .from(discountUses)
    .innerJoin(orders, eq(orders.id, discountUses.orderId))
    .where(and(inArray(discountUses.discountId, ids), ne(orders.status, orderStatus.cancelled)))
    .groupBy(discountUses.discountId);
  return new Map(
    rows.map((r) => [r.discountId, { total: Number(r.total), byCustomer: Number(r.byCustomer) }]),
  );
}

export interface CartToPrice {
  storeId: string;
  /** the lines with their products (known, sellable), in the cart's order */
  lines: readonly { product: ProductRow; quantity: number }[];
  couponCode: string | null | undefined;
  /** the signed-in shopper (per-customer limits); null for a visitor's quote */
  customerId: string | null;
  /** the PIN prices delivery (null: not known yet, the cart); the state, GST's place of supply */
  shipTo: { state: string | null; postalCode: string | null };
  /** 'cod' adds the store's cash-on-delivery fee */
  paymentMethod: CreateOrderBody['paymentMethod'] | null;
  /**
   * a PIN India Post does not have: 'refuse' (POST /orders, a 400 on the PIN field) or 'ignore'
   * (the cart's quote: priced as no PIN while the shopper corrects it)
   */
  unknownPin?: 'refuse' | 'ignore';
  /** inside an order's transaction: lock the limited discounts (see candidateDiscounts) */
  lock: boolean;
  now?: Date;
}

/** The cart's money, computed by the pricing step from what the database holds now. */
export async function priceCart(db: DbOrTx, cart: CartToPrice): Promise<PricedOrder> {
  const now = cart.now ?? new Date();
  const code = cart.couponCode ? normalizeCouponCode(cart.couponCode) : '';
  const products = cart.lines.map((l) => l.product);
  const [categoryOf, supplierState, rows, deliveryCharger] = await Promise.all([
    categoryIdsOf(db, cart.storeId, products),
    storeGstState(db, cart.storeId),
    candidateDiscounts(db, cart.storeId, code || null, now, cart.lock),
    loadDeliveryCharger(db, cart.storeId, {
      shipToPin: cart.shipTo.postalCode,
      productIds: products.map((p) => p.id),
      unknownPin: cart.unknownPin ?? 'refuse',
    }),
  ]);
  const usage = await usageOf(
    db,
    rows.map((r) => r.id),
    cart.customerId,
  );
  const lines: PricingLine[] = cart.lines.map(({ product: p, quantity }) => ({
    productId: p.id,
    categoryId: (p.category && categoryOf.get(p.category.toLowerCase())) ?? null,
    quantity,
    unitPricePaise: effectivePrice(p.regularPricePaise, p.discountedPricePaise),
    hsnCode: p.hsnCode,
    gstRateBp: p.gstRateBp,
  }));
  return priceOrder({
    lines,
    discounts: rows.map(toDiscountRule),
    couponCode: code || null,
    usage,
    now,
    // the one place the delivery charge is decided: the store's rules, on the goods as discounted
    deliveryCharge: (priced) => deliveryCharger(priced, cart.paymentMethod === 'cod'),
    supplierState,
    shipToState: cart.shipTo.state,
  });
}

/**
 * Counts the order's uses of the discounts it got: one row per discount, in the order's
 * transaction (after priceCart with `lock`), so a rolled-back order used nothing and a replayed
 * one (Idempotency-Key) is never priced again.
 */
export async function recordDiscountUses(
  tx: DbOrTx,
  order: { id: string; userId: string | null },
  priced: PricedOrder,
): Promise<void> {
  if (priced.applied.length === 0) return;
  await tx.insert(discountUses).values(
    priced.applied.map((a) => ({
      discountId: a.discountId,
      orderId: order.id,
      userId: order.userId,
      amountPaise: a.goodsPaise + a.deliveryPaise,
    })),
  );
}

/**
 * The cash-on-delivery fee of an order placed without it, for when the shopper chooses cash on
 * delivery on the payment page (the storefront's checkout does not ask how they will pay): the
 * store's fee now, taxed as createOrder taxes it (the order's principal supply, its lines' split).
 */
export async function codFeeForPlacedOrder(
  tx: DbOrTx,
  storeId: string,
  order: { id: string; shippingState: string },
): Promise<PricedCodFee> {
  const [store] = await tx
    .select({ codFeePaise: stores.codFeePaise })
    .from(stores)
    .where(eq(stores.id, storeId));
  const paise = store?.codFeePaise ?? 0;
  if (paise <= 0) return { paise: 0, tax: null };
  const [items, supplierState] = await Promise.all([
    tx
      .select({
        hsnCode: orderItems.hsnCode,
        gstRateBp: orderItems.gstRateBp,
        net: sql<number>`${orderItems.unitPricePaise} * ${orderItems.quantity} - ${orderItems.discountPaise}`,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id)),
    storeGstState(tx, storeId),
  ]);
  const principal = principalSupply(
    items.map((i) => ({
      hsnCode: i.hsnCode ?? '',
      gstRateBp: supplierState === null ? 0 : (i.gstRateBp ?? 0),
      netPaise: Number(i.net),
    })),
  );
  const intraState =
    supplierState !== null &&
    supplierState !== '' &&
    isIntraState(supplierState, order.shippingState);
  return { paise, tax: { ...principal, ...splitLineTax(paise, principal.rateBp, intraState) } };
}
