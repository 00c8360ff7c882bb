import { codCodeMessages } from '@store/contracts/cod-codes';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  AdminOrderShipment,
  AdminShipment,
  ShipmentStatus,
} from '@store/contracts/admin/orders';
import { orderStatus } from '@store/contracts/order-rules';
import { waitsForCodCode } from '../orders/cod-code-view';
import type { Db } from '../../db/client';
import { orderItems, orders, shipments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { normalizeOrderId } from '../orders/order-id';
import {
  CourierError,
  type BookingProgress,
  type BookingStep,
  type Courier,
  type OrderForCourier,
} from './couriers/courier';
import type { Couriers } from './couriers/couriers';

/** A Book shipment that crashed mid-way stops blocking the next one after this long. */
const BOOKING_CLAIM_MS = 2 * 60_000;

type ShipmentRow = typeof shipments.$inferSelect;

const isComplete = (s: ShipmentRow) =>
  s.awb !== null && s.pickupRequestedAt !== null && s.labelPdf !== null;

function shipmentView(s: ShipmentRow, couriers: Couriers): AdminShipment {
  return {
    courier: s.courier,
    courierLabel: couriers.find(s.courier)?.label ?? s.courier,
    courierName: s.courierName,
    awb: s.awb,
    status: s.status as ShipmentStatus,
    lastEventStatus: s.lastEventStatus,
    lastEventAt: s.lastEventAt?.toISOString() ?? null,
    pickupScheduledFor: s.pickupScheduledFor,
    labelAvailable: s.labelPdf !== null,
    complete: isComplete(s),
    createdAt: s.createdAt.toISOString(),
  };
}

async function orderOf(db: Db, storeId: string, rawOrderId: string) {
  const id = normalizeOrderId(rawOrderId);
  const [order] = id
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.storeId, storeId)))
    : [];
  if (!order) throw new HttpError(404, 'Order not found');
  return order;
}

const shipmentOfOrder = async (db: Db, orderId: string) =>
  (await db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0] ?? null;

/** GET /admin/orders/:id/shipment: the booked parcel, the couriers set up, whether Book shipment applies. */
export async function getOrderShipment(
  db: Db,
  couriers: Couriers,
  storeId: string,
  rawOrderId: string,
): Promise<AdminOrderShipment> {
  const order = await orderOf(db, storeId, rawOrderId);
  const shipment = await shipmentOfOrder(db, order.id);
  const configured = couriers.configured();
  return {
    couriers: configured.map((c) => ({ id: c.id, label: c.label })),
    shipment: shipment ? shipmentView(shipment, couriers) : null,
    canBook:
      configured.length > 0 &&
      order.status === orderStatus.processing &&
      (shipment === null || !isComplete(shipment)) &&
      !(await waitsForCodCode(db, order.id)),
  };
}

function courierFor(couriers: Couriers, wanted: string | undefined): Courier {
  const configured = couriers.configured();
  const courier = wanted ? couriers.find(wanted) : configured[0];
  if (wanted && !courier) throw new HttpError(400, `No courier called ${wanted}`);
  if (!courier || !courier.isConfigured()) {
    throw new HttpError(
      503,
      wanted
        ? `${courier?.label ?? wanted} is not configured on this server: set its SHIPROCKET_* variables, or ship by hand with Mark shipped`
        : 'No courier account is configured on this server (SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD): ship by hand with Mark shipped',
    );
  }
  return courier;
}

/** The order as the courier needs it. */
async function orderForCourier(
  db: Db,
  order: typeof orders.$inferSelect,
): Promise<OrderForCourier> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  return {
    id: order.id,
    placedAt: order.createdAt,
    cashOnDelivery: order.codStatus === 'to_collect',
    totalPaise: order.totalPaise,
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    deliveryPaise: order.deliveryPaise,
    codFeePaise: order.codFeePaise,
    email: order.receiptEmail ?? order.contactEmail,
    phone: order.contactPhone,
    address: {
      name: order.shippingFullName,
      address: order.shippingAddress,
      city: order.shippingCity,
      state: order.shippingState,
      postalCode: order.shippingPostalCode,
    },
    items: items.map((i) => ({
      title: [i.productTitle, i.variantSize, i.variantColor].filter(Boolean).join(' / '),
      sku: i.productId ?? i.id,
      quantity: i.quantity,
      unitPricePaise: i.unitPricePaise,
      hsnCode: i.hsnCode,
    })),
  };
}

/**
 * Book shipment: the order's parcel booked with the courier (create, AWB, pickup, label). Each
 * step's result is stored as it comes, so when the courier refuses or fails part-way the answer
 * says so (422 refused, 502 unavailable) and pressing Book shipment again continues from the
 * step that failed: never a second booking of the same parcel. The order gets the courier's
 * carrier and AWB as its tracking number with the AWB; it becomes Shipped when the courier
 * reports the pickup (shipment-tracking.service.ts; docs/decisions/shiprocket.md).
 */
export async function bookOrderShipment(
  db: Db,
  couriers: Couriers,
  actor: Actor,
  rawOrderId: string,
  wanted?: string,
): Promise<void> {
  const order = await orderOf(db, actor.storeId, rawOrderId);
  const existing = await shipmentOfOrder(db, order.id);
  if (existing && isComplete(existing))
    throw new HttpError(
      409,
      `This order's shipment is already booked with ${existing.courierName ?? existing.courier} (AWB ${existing.awb})`,
    );
  const courier = existing ? courierFor(couriers, existing.courier) : courierFor(couriers, wanted);
  if (order.status !== orderStatus.processing)
    throw new HttpError(409, 'Only a Processing order can be booked with a courier');
  // cash on delivery that checks first (docs/decisions/cod-checks.md): not booked before the code
  if (await waitsForCodCode(db, order.id))
    throw new HttpError(409, codCodeMessages.shipBlocked, undefined, 'cod_code_needed');

  await db
    .insert(shipments)
    .values({ storeId: order.storeId, orderId: order.id, courier: courier.id })
    .onConflictDoNothing();
  // one Book shipment at a time per order: a double click must not create two courier orders
  const now = new Date();
  const [claimed] = await db
    .update(shipments)
    .set({ bookingStartedAt: now, updatedAt: now })
    .where(
      and(
        eq(shipments.orderId, order.id),
        or(
          isNull(shipments.bookingStartedAt),
          lt(shipments.bookingStartedAt, new Date(now.getTime() - BOOKING_CLAIM_MS)),
        ),
      ),
    )
    .returning();
  if (!claimed) throw new HttpError(409, 'This order is being booked right now; wait a moment');
  if (isComplete(claimed)) {
    await release(db, claimed.id);
    throw new HttpError(409, "This order's shipment is already booked");
  }

  const progress: BookingProgress = {
    courierOrderId: claimed.courierOrderId,
    courierShipmentId: claimed.courierShipmentId,
    awb: claimed.awb,
    courierName: claimed.courierName,
    pickupRequested: claimed.pickupRequestedAt !== null,
    pickupScheduledFor: claimed.pickupScheduledFor,
    label: claimed.labelPdf,
  };
  const save = (step: BookingStep) => saveStep(db, claimed, step);
  try {
    await courier.bookShipment(await orderForCourier(db, order), progress, save);
  } catch (err) {
    await release(db, claimed.id);
    if (!(err instanceof CourierError)) throw err;
    const kept = (await shipmentOfOrder(db, order.id))!;
    const made = kept.awb
      ? ` The AWB ${kept.awb} is kept;`
      : kept.courierShipmentId
        ? ` The ${courier.label} order is kept;`
        : '';
    throw new HttpError(
      err.kind === 'refused' ? 422 : 502,
      `${err.message}.${made} Book shipment again to continue.`,
    );
  }
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(shipments)
      .set({ bookingStartedAt: null, updatedAt: new Date() })
      .where(eq(shipments.id, claimed.id))
      .returning();
    await recordActivity(tx, actor, {
      action: 'order.book_shipment',
      entityType: 'order',
      entityId: order.id,
      summary: `Booked with ${courier.label}: ${done!.courierName ?? ''} AWB ${done!.awb}`.replace(
        /\s+/g,
        ' ',
      ),
      after: {
        courier: courier.id,
        courierName: done!.courierName,
        awb: done!.awb,
        pickupScheduledFor: done!.pickupScheduledFor,
      },
    });
  });
}

async function release(db: Db, id: string) {
  await db.update(shipments).set({ bookingStartedAt: null }).where(eq(shipments.id, id));
}

/** One step's result on the shipment; the AWB also becomes the order's carrier and tracking number. */
async function saveStep(db: Db, shipment: ShipmentRow, step: BookingStep): Promise<void> {
  const now = new Date();
  if (step.step === 'created') {
    await db
      .update(shipments)
      .set({
        courierOrderId: step.courierOrderId,
        courierShipmentId: step.courierShipmentId,
        updatedAt: now,
      })
      .where(eq(shipments.id, shipment.id));
  } else if (step.step === 'awb') {
    await db.transaction(async (tx) => {
      await tx
        .update(shipments)
        .set({ awb: step.awb, courierName: step.courierName, updatedAt: now })
        .where(eq(shipments.id, shipment.id));
      // the order page and the shopper's page show who carries it as soon as it is known
      await tx
        .update(orders)
        .set({ carrier: step.courierName, trackingNumber: step.awb, updatedAt: now })
        .where(and(eq(orders.id, shipment.orderId), eq(orders.status, orderStatus.processing)));
    });
  } else if (step.step === 'pickup') {
    await db
      .update(shipments)
      .set({ pickupRequestedAt: now, pickupScheduledFor: step.scheduledFor, updatedAt: now })
      .where(eq(shipments.id, shipment.id));
  } else {
    await db
      .update(shipments)
      .set({ labelPdf: step.pdf, updatedAt: now })
      .where(eq(shipments.id, shipment.id));
  }
}

/** GET /admin/orders/:id/shipment/label.pdf: the stored label, or 404 while there is none. */
export async function shipmentLabel(
  db: Db,
  storeId: string,
  rawOrderId: string,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const order = await orderOf(db, storeId, rawOrderId);
  const [row] = await db
    .select({ awb: shipments.awb, pdf: shipments.labelPdf })
    .from(shipments)
    .where(and(eq(shipments.orderId, order.id), sql`${shipments.labelPdf} is not null`));
  if (!row?.pdf) throw new HttpError(404, 'This order has no shipping label yet');
  return { fileName: `label-${order.id}-${row.awb ?? 'awb'}.pdf`, pdf: row.pdf };
}
