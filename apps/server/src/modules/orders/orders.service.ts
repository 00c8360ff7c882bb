import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_MAX_LINES } from '@store/contracts/limits';
import { paiseToRupees } from '@store/contracts/money';
import { orderStatus, SHIPPING_METHOD } from '@store/contracts/order-rules';
import {
  type CreateOrderBody,
  type Order,
  type OrderLine,
  type OrderListQuery,
} from '@store/contracts/orders';
import { normalizeIndianMobile } from '@store/contracts/india';
import { stockMessages } from '@store/contracts/stock';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import type { ApiErrorCode } from '@store/contracts/api-errors';
import { HttpError } from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import { safeNumber } from '../../lib/safe-number';
import { documentsOfOrders } from '../invoices/invoices.service';
import { findProductsForOrder, findVariantOptions } from '../products/products.service';
import { checkShippingPin } from '../shipping/shipping.service';
import { stockKeyOf, takeStock, type StockChange } from '../products/stock.service';
import { queueOrderEmail } from '../mail/outbox.service';
import { queueOrderMessage } from '../messaging/message-outbox.service';
import { queueLowStockNotices } from '../notices/owner-notices.service';
import { newOrderId, normalizeOrderId } from './order-id';
import { orderHistories } from './order-history.service';
import { returnableUntil, shopperReturnsOf } from './order-returns-view';
import { checkFairStock, type WantedProduct } from './fair-stock.service';
import { codRefusal } from '../payments/cod-rules';
import { codCodeViewOf } from './cod-code-view';
import { priceCart, recordDiscountUses } from '../pricing/pricing.service';
import type { PricedOrder } from '../pricing/price-order';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The address as shoppers and the operator see it; the phone normalized, with +91. */
export function shippingAddressOf(row: OrderRow): Order['shippingAddress'] {
  return {
    fullName: row.shippingFullName,
    address: row.shippingAddress,
    city: row.shippingCity,
    state: row.shippingState,
    postalCode: row.shippingPostalCode,
    phone: `+91${row.contactPhone}`,
  };
}

/** How long a Pending order may wait for its payment (config ORDER_PAY_WINDOW_MINUTES). */
export const DEFAULT_PAY_WINDOW_MS = 30 * 60_000;

export interface OrderViewOptions {
  /** a Pending order's payBy is its creation plus this */
  payWindowMs: number;
}

type PaymentStatus = NonNullable<Order['paymentStatus']>;

/**
 * An attempt whose money the provider is still confirming (PayU `pending`): the order shows
 * "confirming" and the expiry sweep leaves it alone.
 */
export const paymentBeingConfirmed = sql`(${payments.providerStatus} = 'pending' and ${payments.status} not in ('succeeded', 'failed', 'expired'))`;

/**
 * An attempt that paid the order. Money recorded beside the order (applyNotification: a wrong amount
 * or a second reference) is also 'succeeded', so that it is owed back, but it paid nothing: an
 * underpaid order stays Pending and must not read "paid".
 */
const paidTheOrder = sql`(${payments.status} = 'succeeded' and ${payments.providerStatus} is distinct from 'amount_mismatch' and ${payments.providerStatus} is distinct from 'duplicate')`;

function toOrder(
  row: OrderRow,
  items: ItemRow[],
  paymentStatus: PaymentStatus,
  view: OrderViewOptions,
): Order {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId ?? '',
      productTitle: i.productTitle,
      quantity: i.quantity,
      price: paiseToRupees(i.unitPricePaise),
      size: i.variantSize,
      color: i.variantColor,
      gst: lineGstOf(i),
      discount: paiseToRupees(i.discountPaise),
    })),
    shippingAddress: shippingAddressOf(row),
    total: paiseToRupees(row.totalPaise),
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    delivery: paiseToRupees(row.deliveryPaise),
    codFee: paiseToRupees(row.codFeePaise),
    couponCode: row.couponCode,
    offers: row.offers.map((o) => ({
      code: o.code,
      description: o.description,
      kind: o.kind as NonNullable<Order['offers']>[number]['kind'],
      amount: paiseToRupees(o.amountPaise),
    })),
    shippingMethod: SHIPPING_METHOD,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    paymentStatus,
    payBy:
      row.status === orderStatus.pending
        ? new Date(row.createdAt.getTime() + view.payWindowMs).toISOString()
        : null,
    cancelReason: row.cancelReason,
    codStatus: row.codStatus as Order['codStatus'],
  };
}

/** A line's GST as stored at order time; null on lines placed before GST was recorded. */
function lineGstOf(i: ItemRow): Order['items'][number]['gst'] {
  if (i.hsnCode === null || i.gstRateBp === null || i.taxablePaise === null) return null;
  return {
    hsnCode: i.hsnCode,
    ratePercent: i.gstRateBp / 100,
    taxable: paiseToRupees(i.taxablePaise),
    cgst: paiseToRupees(i.cgstPaise ?? 0),
    sgst: paiseToRupees(i.sgstPaise ?? 0),
    igst: paiseToRupees(i.igstPaise ?? 0),
  };
}

export interface PaymentSummary {
  /** what the shopper sees */
  status: PaymentStatus;
  /** some attempt took money the shop owes back (needs_refund): the back office shows that first */
  owed: boolean;
}

/** Each order's payment summary, for a page of orders in one grouped query. */
export async function paymentSummaries(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, PaymentSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: payments.orderId,
      paid: sql<boolean>`bool_or(${paidTheOrder})`,
      confirming: sql<boolean>`bool_or(${paymentBeingConfirmed})`,
      refunded: sql`sum(${payments.refundedPaise})`.mapWith(safeNumber),
      owed: sql<boolean>`bool_or(${payments.needsRefund} and ${payments.refundedPaise} < ${payments.amountPaise})`,
    })
    .from(payments)
    .where(inArray(payments.orderId, ids))
    .groupBy(payments.orderId);
  return new Map(
    rows.map((r) => [
      r.orderId,
      {
        status:
          r.refunded > 0 ? 'refunded' : r.paid ? 'paid' : r.confirming ? 'confirming' : 'unpaid',
        owed: r.owed,
      },
    ]),
  );
}

/**
 * What the shopper sees of an order's money: its payments' summary, except that an order whose
 * discounts cover everything (total ₹0) was paid by nothing and reads "paid" once confirmed.
 */
export function paymentStatusOf(
  row: Pick<OrderRow, 'totalPaise' | 'status'>,
  summary: PaymentSummary | undefined,
): PaymentStatus {
  if (summary) return summary.status;
  return row.totalPaise === 0 && isFreeOrderConfirmed(row.status) ? 'paid' : 'unpaid';
}

const isFreeOrderConfirmed = (status: number) =>
  status !== orderStatus.pending && status !== orderStatus.cancelled;

/** Orders with their items and payment status: two queries for any number of orders. */
async function withItems(db: DbOrTx, rows: OrderRow[], view: OrderViewOptions): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, paid, documents, histories, afterSale] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    paymentSummaries(db, ids),
    documentsOfOrders(db, ids),
    orderHistories(db, rows),
    shopperReturnsOf(db, rows),
  ]);
  const itemsOf = groupBy(items, (i) => i.orderId);
  return rows.map((r) => ({
    ...toOrder(r, itemsOf.get(r.id) ?? [], paymentStatusOf(r, paid.get(r.id)), view),
    documents: documents.get(r.id) ?? [],
    history: histories.get(r.id) ?? [],
    returnableUntil:
      returnableUntil(
        r,
        histories.get(r.id) ?? [],
        afterSale.windowDays.get(r.storeId) ?? 0,
      )?.toISOString() ?? null,
    returns: afterSale.returnsOf.get(r.id) ?? [],
  }));
}

export interface Customer {
  id: string;
  email: string;
}

/** The lines to order: `lines` when sent (they must add up to `products`), else one line per product. */
function orderLines(body: CreateOrderBody): OrderLine[] {
  if (!body.lines)
    return Object.entries(body.products).map(([productId, quantity]) => ({ productId, quantity }));
  const sums = new Map<string, number>();
  for (const l of body.lines) sums.set(l.productId, (sums.get(l.productId) ?? 0) + l.quantity);
  const ids = Object.keys(body.products);
  const agree = ids.length === sums.size && ids.every((id) => sums.get(id) === body.products[id]);
  if (!agree) {
    throw new HttpError(
      400,
      'The order lines do not match the products',
      { lines: 'Each product quantity must equal the sum of its lines' },
      'cart_refused',
    );
  }
  return body.lines;
}

/** Fails with the first message, every field's message kept (the checkout shows them per line). */
function failWith(
  status: number,
  errors: Record<string, string>,
  fallback: string,
  code: ApiErrorCode,
): never {
  throw new HttpError(status, Object.values(errors)[0] ?? fallback, errors, code);
}

/**
 * Places an order inside the caller's transaction (see lib/idempotency.ts): prices come from the
 * database only; the order, its lines and the stock it takes are written together or not at all.
 * 409 when a line wants more than is left (the caller's transaction rolls back).
 * `availabilityChanged`: a storefront would now show some product's stock differently.
 */
export async function createOrder(
  tx: DbOrTx,
  storeId: string,
  customer: Customer,
  body: CreateOrderBody,
  view: OrderViewOptions,
): Promise<{ order: Order; availabilityChanged: boolean }> {
  const lines = orderLines(body);
  if (lines.length === 0)
    throw new HttpError(
      400,
      'Your cart is empty',
      { products: 'Add at least one product' },
      'cart_refused',
    );
  if (lines.length > ORDER_MAX_LINES) {
    throw new HttpError(
      400,
      `At most ${ORDER_MAX_LINES} lines per order`,
      { products: `At most ${ORDER_MAX_LINES} lines` },
      'cart_refused',
    );
  }
  // a PIN India Post knows, in the chosen state; stored as its six digits
  const postalCode = checkShippingPin(body.shippingAddress);
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = new Map((await findProductsForOrder(tx, storeId, ids)).map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) {
    throw new HttpError(
      400,
      'Some products are no longer available',
      Object.fromEntries(unknown.map((id) => [`products.${id}`, 'Unknown product'])),
      'cart_refused',
    );
  }
  // where the checkout shows a line's message: per line when lines were sent, else per product
  const fieldOf = (i: number) => (body.lines ? `lines.${i}` : `products.${lines[i]!.productId}`);
  // a size or colour must be one the product offers (it is packed as chosen); a product with
  // only one size or colour needs no choice
  const options = await findVariantOptions(tx, ids);
  const variantErrors: Record<string, string> = {};
  const choiceErrors: Record<string, string> = {};
  const chosen = lines.map((l, i) => {
    const offered = options.get(l.productId) ?? { sizes: [], colors: [] };
    const title = found.get(l.productId)!.title;
    if (l.size && !offered.sizes.includes(l.size))
      variantErrors[`lines.${i}.size`] = 'This size is not offered';
    if (l.color && !offered.colors.includes(l.color))
      variantErrors[`lines.${i}.color`] = 'This colour is not offered';
    const size = l.size ?? (offered.sizes.length === 1 ? offered.sizes[0]! : undefined);
    const color = l.color ?? (offered.colors.length === 1 ? offered.colors[0]! : undefined);
    if (offered.sizes.length > 1 && !size) choiceErrors[fieldOf(i)] = `Choose a size for ${title}`;
    else if (offered.colors.length > 1 && !color)
      choiceErrors[fieldOf(i)] = `Choose a colour for ${title}`;
    return { size: size ?? null, color: color ?? null };
  });
  if (Object.keys(variantErrors).length) {
    throw new HttpError(
      400,
      'Some sizes or colours are not available',
      variantErrors,
      'cart_refused',
    );
  }
  if (Object.keys(choiceErrors).length)
    failWith(400, choiceErrors, 'Choose a size or colour', 'cart_refused');
  // the order's money, from the one pricing step the cart's quote uses too: the discounts with a
  // usage limit are locked from here until this transaction ends (pricing.service.ts)
  const priced = await priceCart(tx, {
    storeId,
    lines: lines.map((l) => ({ product: found.get(l.productId)!, quantity: l.quantity })),
    couponCode: body.couponCode,
    customerId: customer.id,
    shipTo: { state: body.shippingAddress.state, postalCode },
    paymentMethod: body.paymentMethod ?? null,
    lock: true,
  });
  if (priced.coupon && !priced.coupon.applied) {
    // never placed without the code the shopper saw the discount of: they decide (docs/decisions/promotions.md)
    const { message, reason } = priced.coupon;
    throw new HttpError(
      409,
      message,
      { couponCode: message, 'couponCode.reason': reason },
      'coupon_refused',
    );
  }
  const items = lines.map((l, position) => {
    const p = priced.lines[position]!;
    return {
      productId: l.productId,
      position,
      quantity: l.quantity,
      productTitle: found.get(l.productId)!.title,
      unitPricePaise: p.unitPricePaise,
      variantSize: chosen[position]!.size,
      variantColor: chosen[position]!.color,
      hsnCode: p.hsnCode,
      gstRateBp: p.gstRateBp,
      taxablePaise: p.taxablePaise,
      cgstPaise: p.cgstPaise,
      sgstPaise: p.sgstPaise,
      igstPaise: p.igstPaise,
      discountPaise: p.discountPaise,
    };
  });

  // Cash on delivery chosen at checkout: the store's rules decide now, before the shopper's caps
  // count this order or any stock is taken (it was refused only on the payment page, with the
  // order placed and its stock held). The limit reads the whole total: goods after discounts,
  // delivery and the COD fee, the cash the courier collects. An order its discounts cover in full
  // has nothing to collect.
  const { totalPaise } = priced;
  if (body.paymentMethod === 'cod' && totalPaise > 0) {
    const refusal = await codRefusal(tx, storeId, { totalPaise, shippingPostalCode: postalCode });
    if (refusal) throw new HttpError(400, refusal, { paymentMethod: refusal }, 'cod_refused');
  }

  // the shopper's caps on orders and units held without money, before any stock is taken
  const perProduct = new Map<string, WantedProduct>();
  for (const i of items) {
    const seen = perProduct.get(i.productId);
    if (seen) seen.quantity += i.quantity;
    else
      perProduct.set(i.productId, {
        productId: i.productId,
        title: i.productTitle,
        quantity: i.quantity,
        // every line of the product shows the message (the checkout maps products.<id> to them)
        field: `products.${i.productId}`,
      });
  }
  await checkFairStock(tx, storeId, customer.id, [...perProduct.values()]);

  const wanted: StockChange[] = items.map((i) => ({
    productId: i.productId,
    size: i.variantSize ?? '',
    color: i.variantColor ?? '',
    quantity: i.quantity,
  }));
  const stock = await takeStock(tx, wanted);
  if (stock.short.length) {
    const shortOf = new Map(stock.short.map((s) => [stockKeyOf(s), s]));
    const errors: Record<string, string> = {};
    wanted.forEach((w, i) => {
      const s = shortOf.get(stockKeyOf(w));
      if (!s) return;
      errors[fieldOf(i)] = stockMessages.short(items[i]!.productTitle, s.left);
      // what is left, for a client to mark the line and cap its quantity without reading it out
      // of the words (api-errors.ts: out_of_stock)
      errors[`${fieldOf(i)}.available`] = String(Math.max(0, s.left));
    });
    failWith(409, errors, 'Some products are out of stock', 'out_of_stock');
  }

  const a = body.shippingAddress;
  for (let attempt = 0; ; attempt++) {
    const id = newOrderId();
    // a 50-bit id collision is astronomically rare; ON CONFLICT keeps the transaction usable, so
    // a fresh id can be tried in it
    const [row] = await tx
      .insert(orders)
      .values({
        id,
        storeId,
        userId: customer.id,
        status: orderStatus.pending,
        shippingFullName: a.fullName,
        shippingAddress: a.address,
        shippingCity: a.city,
        shippingState: a.state,
        shippingPostalCode: postalCode,
        shippingPhone: a.phone,
        contactEmail: customer.email.toLowerCase(),
        contactPhone: normalizeIndianMobile(a.phone)!,
        // the shopper's consent to order updates by WhatsApp/SMS, when they gave it
        messagesConsentAt: body.messagesConsent === true ? new Date() : null,
        ...orderMoney(priced),
      })
      .onConflictDoNothing({ target: orders.id })
      .returning();
    if (!row) {
      if (attempt < 2) continue;
      throw new Error('Could not find a free order id');
    }
    const itemRows = await tx
      .insert(orderItems)
      .values(items.map((i) => ({ ...i, orderId: id })))
      .returning();
    // each discount's use counts with the order, in its transaction: once, or not at all
    await recordDiscountUses(tx, { id, userId: customer.id }, priced);
    // the confirmation commits with the order or not at all (modules/mail: the outbox)
    await queueOrderEmail(tx, id, 'placed');
    // and by WhatsApp/SMS, only if the shopper ticked the box (modules/messaging)
    await queueOrderMessage(tx, id, 'placed');
    // the owner is told of each variant this order took down to the low-stock threshold
    await queueLowStockNotices(tx, storeId, id, wanted);
    const order = toOrder(
      row,
      itemRows.sort((x, y) => x.position - y.position),
      'unpaid',
      view,
    );
    return { order, availabilityChanged: stock.availabilityChanged };
  }
}

/** The order row's money columns, as priced. */
function orderMoney(priced: PricedOrder) {
  return {
    totalPaise: priced.totalPaise,
    subtotalPaise: priced.subtotalPaise,
    discountPaise: priced.discountPaise,
    deliveryPaise: priced.delivery.paise,
    deliveryTax: priced.delivery.tax,
    codFeePaise: priced.codFee.paise,
    codFeeTax: priced.codFee.tax,
    couponCode: priced.coupon?.applied ? priced.coupon.code : null,
    offers: priced.applied.map((a) => ({
      discountId: a.discountId,
      code: a.code,
      description: a.description,
      kind: a.kind,
      amountPaise: a.goodsPaise + a.deliveryPaise,
      deliveryPaise: a.deliveryPaise,
    })),
  };
}

/** One page of the shopper's orders, newest first, and how many there are in all. */
export async function listOrders(
  db: DbOrTx,
  storeId: string,
  userId: string,
  page: OrderListQuery,
  view: OrderViewOptions,
): Promise<{ orders: Order[]; total: number }> {
  const mine = and(eq(orders.storeId, storeId), eq(orders.userId, userId));
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(mine),
    db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
  ]);
  const listed = await withItems(db, rows, view);
  // a cash-on-delivery order waiting for the code sent to the phone (at most a few on a page)
  await Promise.all(
    rows.map(async (row, i) => {
      if (row.codStatus === 'to_collect' && listed[i]?.id === row.id)
        listed[i]!.codCode = await codCodeViewOf(db, row.id, row.codConfirmedAt);
    }),
  );
  return { orders: listed, total: counted?.n ?? 0 };
}

/** True when `contact` is the order's email (any case) or its phone (with or without +91). */
function contactMatches(
  row: Pick<OrderRow, 'contactEmail' | 'contactPhone'>,
  contact: string | undefined,
): boolean {
  const c = contact?.trim();
  if (!c) return false;
  if (c.includes('@')) return c.toLowerCase() === row.contactEmail.toLowerCase();
  return normalizeIndianMobile(c) === row.contactPhone;
}

/** The order when the caller owns it or knows its contact; null otherwise (same answer as unknown). */
export async function findOrderForViewer(
  db: DbOrTx,
  storeId: string,
  rawId: string,
  /** viaLink: the caller sent a payment link verified for this very order (pay-link.ts) */
  viewer: { userId?: string; contact?: string; viaLink?: boolean },
  view: OrderViewOptions,
): Promise<Order | null> {
  const id = normalizeOrderId(rawId);
  if (!id) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, id)))
    .limit(1);
  if (!row) return null;
  const owner = viewer.userId !== undefined && row.userId === viewer.userId;
  if (!owner && !viewer.viaLink && !contactMatches(row, viewer.contact)) return null;
  const [order] = await withItems(db, [row], view);
  if (!order) return null;
  // the code sent to the phone is the shopper's own business, not a tracker's
  if (owner && row.codStatus === 'to_collect')
    order.codCode = await codCodeViewOf(db, row.id, row.codConfirmedAt);
  return order;
}
