import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { ORDER_MAX_LINES } from '@store/contracts/limits';
import { effectivePrice, paiseToRupees } from '@store/contracts/money';
import { orderStatus, SHIPPING_METHOD } from '@store/contracts/order-rules';
import { type CreateOrderBody, type Order, type OrderLine } from '@store/contracts/orders';
import { normalizeIndianMobile } from '@store/contracts/india';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findProductsForOrder, findVariantOptions } from '../products/products.service';
import { newOrderId, normalizeOrderId } from './order-id';

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

function toOrder(row: OrderRow, items: ItemRow[]): Order {
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
    })),
    shippingAddress: shippingAddressOf(row),
    total: paiseToRupees(row.totalPaise),
    shippingMethod: SHIPPING_METHOD,
    trackingNumber: row.trackingNumber,
  };
}

async function withItems(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  return rows.map((r) =>
    toOrder(
      r,
      items.filter((i) => i.orderId === r.id),
    ),
  );
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
    throw new HttpError(400, 'The order lines do not match the products', {
      lines: 'Each product quantity must equal the sum of its lines',
    });
  }
  return body.lines;
}

/** Prices come from the database only; the order and its lines are written in one transaction. */
export async function createOrder(
  db: Db,
  storeId: string,
  customer: Customer,
  body: CreateOrderBody,
): Promise<Order> {
  const lines = orderLines(body);
  if (lines.length === 0)
    throw new HttpError(400, 'Your cart is empty', { products: 'Add at least one product' });
  if (lines.length > ORDER_MAX_LINES) {
    throw new HttpError(400, `At most ${ORDER_MAX_LINES} lines per order`, {
      products: `At most ${ORDER_MAX_LINES} lines`,
    });
  }
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = new Map((await findProductsForOrder(db, storeId, ids)).map((p) => [p.id, p]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) {
    throw new HttpError(
      400,
      'Some products are no longer available',
      Object.fromEntries(unknown.map((id) => [`products.${id}`, 'Unknown product'])),
    );
  }
  // a size or colour must be one the product offers (it is packed as chosen)
  const options = await findVariantOptions(db, ids);
  const variantErrors: Record<string, string> = {};
  lines.forEach((l, i) => {
    const offered = options.get(l.productId) ?? { sizes: [], colors: [] };
    if (l.size && !offered.sizes.includes(l.size))
      variantErrors[`lines.${i}.size`] = 'This size is not offered';
    if (l.color && !offered.colors.includes(l.color))
      variantErrors[`lines.${i}.color`] = 'This colour is not offered';
  });
  if (Object.keys(variantErrors).length) {
    throw new HttpError(400, 'Some sizes or colours are not available', variantErrors);
  }
  const items = lines.map((l, position) => {
    const p = found.get(l.productId)!;
    return {
      productId: l.productId,
      position,
      quantity: l.quantity,
      productTitle: p.title,
      unitPricePaise: effectivePrice(p.regularPricePaise, p.discountedPricePaise),
      variantSize: l.size ?? null,
      variantColor: l.color ?? null,
    };
  });
  const totalPaise = items.reduce((sum, i) => sum + i.unitPricePaise * i.quantity, 0);
  const a = body.shippingAddress;

  for (let attempt = 0; ; attempt++) {
    const id = newOrderId();
    try {
      return await db.transaction(async (tx) => {
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
            shippingPostalCode: a.postalCode,
            shippingPhone: a.phone,
            contactEmail: customer.email.toLowerCase(),
            contactPhone: normalizeIndianMobile(a.phone)!,
            totalPaise,
          })
          .returning();
        const itemRows = await tx
          .insert(orderItems)
          .values(items.map((i) => ({ ...i, orderId: id })))
          .returning();
        return toOrder(
          row!,
          itemRows.sort((x, y) => x.position - y.position),
        );
      });
    } catch (err) {
      // a 50-bit id collision is astronomically rare; try a fresh one
      if (attempt < 2 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

export async function listOrders(db: DbOrTx, storeId: string, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
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
  viewer: { userId?: string; contact?: string },
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
  if (!owner && !contactMatches(row, viewer.contact)) return null;
  const [order] = await withItems(db, [row]);
  return order ?? null;
}
