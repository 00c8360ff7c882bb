// The back office's New order: an order taken by phone or WhatsApp, for an existing customer or a
// new one, placed through the storefront's createOrder so that stock, GST, discounts, delivery and
// the cash-on-delivery rules are the same code (docs/decisions/back-office-new-order.md).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  NewOrderBody,
  NewOrderCustomerInput,
  NewOrderResponse,
} from '@store/contracts/admin/new-order';
import { newOrderPaymentLabel } from '@store/contracts/admin/new-order';
import type { DbOrTx } from '../../db/client';
import { orders, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { queueEmail } from '../mail/outbox.service';
import { startCashOnDelivery } from '../payments/cod.service';
import { payLinkUrl, signPayLink } from './pay-link.service';
import { issuePasswordToken } from '../users/password-reset.service';
import { getAdminOrder, ORDER_PLACED_BY_STAFF } from './admin-orders.service';
import { confirmCodOrderIn } from './cod-confirmation.service';
import { confirmFreeOrder } from './order-transitions.service';
import { createOrder, type OrderViewOptions } from './orders.service';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

export interface OrderCustomer {
  id: string;
  email: string;
  firstName: string;
  /** made by this request (and invited to choose a password) */
  created: boolean;
}

/**
 * The account the order is for, in the caller's transaction. An existing one by id (404 for
 * another store's); a new one by e-mail: an address the store knows is that account, never a
 * second one (e-mails are unique per store); otherwise an account with an unusable random password
 * and an invitation e-mail to choose one (the password reset's token and page, with a week to use
 * it). On PostgreSQL two requests making the same account at once collide on the unique e-mail:
 * the loser's transaction fails and its retry (lib/idempotency.ts) finds the account.
 */
export async function resolveOrderCustomer(
  tx: DbOrTx,
  storeId: string,
  input: NewOrderCustomerInput,
): Promise<OrderCustomer> {
  const columns = { id: users.id, email: users.email, firstName: users.firstName };
  if (input.kind === 'existing') {
    const [found] = await tx
      .select(columns)
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.id, input.id)));
    if (!found)
      throw new HttpError(404, CUSTOMER_NOT_FOUND, { customer: CUSTOMER_NOT_FOUND }, 'not_found');
    return { ...found, created: false };
  }
  const email = input.email.trim().toLowerCase();
  const [known] = await tx
    .select(columns)
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)));
  if (known) return { ...known, created: false };
  // nobody knows this password: the customer chooses their own from the invitation
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const [made] = await tx
      .insert(users)
      .values({
        storeId,
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      })
      .returning(columns);
    await issuePasswordToken(tx, storeId, made!, 'account_invite');
    return { ...made!, created: true };
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, 'Please try again', undefined, 'conflict');
    throw err;
  }
}

export interface PlaceStaffOrderInput {
  storeId: string;
  actor: Actor;
  customer: OrderCustomer;
  body: NewOrderBody;
  view: OrderViewOptions;
  jwtSecret: Uint8Array;
  /** the storefront's origin, for the payment link */
  baseUrl: string;
}

/**
 * Places the order in the caller's transaction (the idempotent one of the route): createOrder
 * exactly as POST /orders calls it (409 when stock is short, the coupon refused as at checkout,
 * cash on delivery's limits checked before any stock is taken), then
 * - Cash on delivery: the storefront's own COD step (the fee, Processing, to collect) and the
 *   order confirmed at once: staff took it from the customer on the phone, which is the check the
 *   confirmation stands for, so it must not lapse unconfirmed.
 * - Payment link: a token for this order alone, valid for the order's pay window, e-mailed to the
 *   customer and answered for staff to copy (WhatsApp).
 * The activity log says who placed it; the order's timeline shows that in place of the shopper.
 */
export async function placeStaffOrder(
  tx: DbOrTx,
  input: PlaceStaffOrderInput,
): Promise<{ body: NewOrderResponse; availabilityChanged: boolean }> {
  const { storeId, actor, customer, body, view } = input;
  const products: Record<string, number> = {};
  for (const l of body.lines) products[l.productId] = (products[l.productId] ?? 0) + l.quantity;
  const placed = await createOrder(
    tx,
    storeId,
    customer,
    {
      products,
      lines: body.lines,
      shippingAddress: body.shippingAddress,
      ...(body.couponCode ? { couponCode: body.couponCode } : {}),
      ...(body.payment === 'cod' ? { paymentMethod: 'cod' as const } : {}),
    },
    view,
  );
  const orderId = placed.order.id;
  await recordActivity(tx, actor, {
    action: ORDER_PLACED_BY_STAFF,
    entityType: 'order',
    entityId: orderId,
    summary: `Order placed by ${actor.label} for ${customer.email} (${newOrderPaymentLabel[body.payment]})`,
    after: {
      customer: customer.email,
      accountCreated: customer.created,
      payment: body.payment,
      total: placed.order.total,
    },
  });

  let payLink: string | null = null;
  let payLinkExpiresAt: string | null = null;
  if (placed.order.total === 0) {
    // discounts covering everything: confirmed now, nothing to pay or collect (as POST /orders)
    await confirmFreeOrder(tx, orderId);
  } else if (body.payment === 'cod') {
    const [row] = await tx
      .select({
        totalPaise: orders.totalPaise,
        codFeePaise: orders.codFeePaise,
        shippingPostalCode: orders.shippingPostalCode,
        shippingState: orders.shippingState,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    await startCashOnDelivery(tx, storeId, { id: orderId, ...row! }, new Date());
    await confirmCodOrderIn(tx, actor, orderId, 'Confirmed for cash on delivery: taken by phone');
  } else if (placed.order.payBy) {
    const expiresAt = new Date(placed.order.payBy);
    const token = await signPayLink(input.jwtSecret, { orderId, storeId }, expiresAt);
    payLink = payLinkUrl(input.baseUrl, orderId, token);
    payLinkExpiresAt = expiresAt.toISOString();
    await queueEmail(tx, {
      storeId,
      kind: 'payment_link',
      key: `paylink:${orderId}`,
      to: customer.email,
      data: { orderId, payUrl: payLink, expiresAt: payLinkExpiresAt },
    });
  }
  return {
    body: {
      order: await getAdminOrder(tx, storeId, orderId),
      customer: { id: customer.id, email: customer.email, created: customer.created },
      payLink,
      payLinkExpiresAt,
    },
    availabilityChanged: placed.availabilityChanged,
  };
}
