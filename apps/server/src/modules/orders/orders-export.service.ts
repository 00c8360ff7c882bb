import { count, desc } from 'drizzle-orm';
import { EXPORT_MAX_ROWS, type AdminOrderExportQuery } from '@store/contracts/admin/orders';
import { orderStatusLabel } from '@store/contracts/order-rules';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { HttpError } from '../../lib/errors';
import { SHOP_TIME_ZONE } from '../../lib/shop-days';
import { adminOrderFilter, itemCountOf, paymentStateOf } from './admin-orders.service';
import { paymentSummaries } from './orders.service';

const rupees = (paise: number) => (paise / 100).toFixed(2);
const placedAt = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const orderExportHeader = [
  'Order',
  'Placed (IST)',
  'Status',
  'Payment',
  'Customer',
  'Email',
  'Phone',
  'City',
  'State',
  'PIN',
  'Items',
  'Subtotal',
  'Discount',
  'Coupon',
  'Delivery',
  'COD fee',
  'Total',
];

/**
 * The Orders screen's filtered orders as CSV for the shop's books: one row each, newest first,
 * amounts in rupees as plain numbers. Refused (400) above EXPORT_MAX_ROWS, before any row is read.
 */
export async function exportOrdersCsv(
  db: Db,
  storeId: string,
  q: AdminOrderExportQuery,
): Promise<string> {
  const filter = adminOrderFilter(storeId, q);
  const [matching] = await db.select({ n: count() }).from(orders).where(filter);
  if ((matching?.n ?? 0) > EXPORT_MAX_ROWS)
    throw new HttpError(
      400,
      `${matching!.n.toLocaleString('en-IN')} orders match; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-IN')}: choose a shorter date range`,
      undefined,
      'too_many_rows',
    );
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalPaise: orders.totalPaise,
      subtotalPaise: orders.subtotalPaise,
      discountPaise: orders.discountPaise,
      deliveryPaise: orders.deliveryPaise,
      codFeePaise: orders.codFeePaise,
      couponCode: orders.couponCode,
      customerName: orders.shippingFullName,
      contactEmail: orders.contactEmail,
      contactPhone: orders.contactPhone,
      city: orders.shippingCity,
      state: orders.shippingState,
      pin: orders.shippingPostalCode,
      itemCount: itemCountOf,
    })
    .from(orders)
    .where(filter)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const states = await paymentSummaries(
    db,
    rows.map((r) => r.id),
  );
  return toCsv([
    orderExportHeader,
    ...rows.map((r) => [
      r.id,
      placedAt.format(r.createdAt).replace(',', ''),
      orderStatusLabel(r.status),
      paymentStateOf(r, states.get(r.id)),
      r.customerName,
      r.contactEmail,
      r.contactPhone,
      r.city,
      r.state,
      r.pin,
      String(r.itemCount),
      rupees(r.subtotalPaise),
      rupees(r.discountPaise),
      r.couponCode ?? '',
      rupees(r.deliveryPaise),
      rupees(r.codFeePaise),
      rupees(r.totalPaise),
    ]),
  ]);
}
