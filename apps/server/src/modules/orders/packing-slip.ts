// The packing slip: what goes in the parcel and where it goes, for whoever packs it. No prices
// (a gift's buyer may not want them shown), except the cash a courier must collect on delivery.
import { asc, eq, and } from 'drizzle-orm';
import { formatPaise } from '@store/contracts/money';
import type { Db } from '../../db/client';
import { orderItems, orders, stores } from '../../db/schema';
import { Canvas, CONTENT, documentDate, INK, MARGIN, MUTED, PAGE } from '../invoices/pdf-canvas';

export interface PackingSlip {
  orderId: string;
  orderDate: string;
  shop: { name: string; address: string; phone: string };
  shipTo: { name: string; lines: string[]; phone: string };
  items: { description: string; quantity: number }[];
  /** cash on delivery still to collect: the amount the courier takes; null otherwise */
  collectPaise: number | null;
}

/** The order's slip, or null when the store has no such order. */
export async function packingSlipOf(
  db: Db,
  storeId: string,
  orderId: string,
): Promise<PackingSlip | null> {
  const [row] = await db
    .select({ order: orders, store: stores })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  if (!row) return null;
  const { order, store } = row;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return {
    orderId: order.id,
    orderDate: order.createdAt.toISOString(),
    shop: { name: store.storeName, address: store.companyAddress, phone: store.companyPhone },
    shipTo: {
      name: order.shippingFullName,
      lines: [
        order.shippingAddress,
        `${order.shippingCity}, ${order.shippingState} ${order.shippingPostalCode}`,
      ],
      phone: order.shippingPhone,
    },
    items: items.map((i) => ({
      description: [i.productTitle, i.variantSize, i.variantColor].filter(Boolean).join(' · '),
      quantity: i.quantity,
    })),
    collectPaise: order.codStatus === 'to_collect' ? order.totalPaise : null,
  };
}

/** The slip as an A4 PDF: the ship-to in large type, then every line with a tick box. */
export async function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const c = new Canvas({
    title: `Packing slip ${slip.orderId}`,
    subject: `Order ${slip.orderId}`,
    author: slip.shop.name,
    createdAt: new Date(slip.orderDate),
  });
  const left = MARGIN;
  const right = PAGE.width - MARGIN;
  let y = MARGIN + 16;
  c.line('PACKING SLIP', left, y, { size: 16, weight: 700 });
  c.line(
    `Order ${slip.orderId}`,
    left,
    y,
    { size: 12, weight: 700 },
    { width: CONTENT, align: 'right' },
  );
  y += 14;
  c.line(
    `Placed ${documentDate(slip.orderDate)}`,
    left,
    y,
    { color: MUTED },
    { width: CONTENT, align: 'right' },
  );
  y += 8;
  c.rule(left, y, right, INK, 1);

  y += 20;
  c.line('SHIP TO', left, y, { size: 8, weight: 700, color: MUTED });
  c.line('FROM', left + CONTENT / 2 + 8, y, { size: 8, weight: 700, color: MUTED });
  y += 16;
  let sy = c.paragraph(slip.shipTo.name, left, y, CONTENT / 2 - 8, { size: 13, weight: 700 }, 16);
  for (const l of slip.shipTo.lines)
    sy = c.paragraph(l, left, sy, CONTENT / 2 - 8, { size: 12 }, 15);
  sy = c.paragraph(`Phone ${slip.shipTo.phone}`, left, sy, CONTENT / 2 - 8, { size: 12 }, 15);
  let fy = c.paragraph(slip.shop.name, left + CONTENT / 2 + 8, y, CONTENT / 2 - 8, { weight: 700 });
  fy = c.paragraph(slip.shop.address, left + CONTENT / 2 + 8, fy, CONTENT / 2 - 8);
  fy = c.paragraph(slip.shop.phone, left + CONTENT / 2 + 8, fy, CONTENT / 2 - 8);
  y = Math.max(sy, fy) + 8;
  if (slip.collectPaise !== null) {
    c.line(`CASH ON DELIVERY: collect ${formatPaise(slip.collectPaise)}`, left, y + 4, {
      size: 12,
      weight: 700,
    });
    y += 22;
  }
  c.rule(left, y, right);

  y += 18;
  c.line('Packed', left, y, { size: 8, weight: 700, color: MUTED });
  c.line('Item', left + 50, y, { size: 8, weight: 700, color: MUTED });
  c.line(
    'Qty',
    left,
    y,
    { size: 8, weight: 700, color: MUTED },
    { width: CONTENT, align: 'right' },
  );
  y += 6;
  c.rule(left, y, right);
  for (const item of slip.items) {
    const lines = c.wrap(item.description, CONTENT - 120, { size: 11 });
    const h = lines.length * 14 + 10;
    if (y + h > PAGE.height - MARGIN - 30) {
      c.doc.addPage();
      y = MARGIN + 10;
    }
    y += 16;
    c.doc
      .rect(left + 4, y - 10, 11, 11)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    let ly = y;
    for (const l of lines) {
      c.line(l, left + 50, ly, { size: 11 });
      ly += 14;
    }
    c.line(
      String(item.quantity),
      left,
      y,
      { size: 11, weight: 700 },
      { width: CONTENT, align: 'right' },
    );
    y = ly - 4;
    c.rule(left, y, right);
  }
  const units = slip.items.reduce((n, i) => n + i.quantity, 0);
  y += 18;
  c.line(
    `${slip.items.length} lines, ${units} items`,
    left,
    y,
    { weight: 700 },
    { width: CONTENT, align: 'right' },
  );
  return c.finish();
}
