import { INVITE_LIFETIME_DAYS, PASSWORD_RESET_MINUTES } from '@store/contracts/users';
import { createElement, type ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import { asc, eq } from 'drizzle-orm';
import { trackingLink } from '@store/contracts/carriers';
import { formatPaise } from '@store/contracts/money';
import type { DbOrTx } from '../../db/client';
import type { emailOutbox } from '../../db/schema';
import { orderItems, orders, refunds, returns, stores } from '../../db/schema';
import {
  OrderEmail,
  PasswordResetEmail,
  RefundEmail,
  type Brand,
  type OrderEmailProps,
  type OrderView,
  variantLabel,
} from './email-templates';
import { EMAIL_LOGO_PATH, localLogoPath } from './email-logo.routes';
import type { EmailKind } from './outbox.service';
import { cartReminderEmail, SkippedEmailError } from './cart-reminder-email';
import { backInStockEmail } from './back-in-stock-email';
import { isMessageEmailKind, messageEmail, type MessageEmailKind } from './message-emails';
import { isOwnerEmailKind, ownerNoticeEmail, type OwnerEmailKind } from './owner-notice-emails';

type OutboxRow = typeof emailOutbox.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** headers beyond the usual (a reminder's List-Unsubscribe) */
  headers?: Record<string, string>;
}

/**
 * An e-mail that cannot be written (its order or store is gone, a reset row without a token): the
 * sender marks it failed at once instead of retrying something that will never work.
 */
export class UnrenderableEmailError extends Error {}

export { SkippedEmailError };

/** Dates as the shop's customers read them: India time. */
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A link or image path made absolute against the storefront; only http(s) survives. */
function absolute(pathOrUrl: string, baseUrl: string): string | null {
  if (!pathOrUrl.trim()) return null;
  try {
    const url = new URL(pathOrUrl, `${baseUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The logo as mail clients can show it: this site's logo as the PNG GET /email/logo.png draws
 * (most clients show no SVG), another site's as it is, or none when that one is an SVG (the store's
 * name is beside it as text anyway).
 */
function emailLogoUrl(logoUrl: string, baseUrl: string): string | null {
  if (localLogoPath(logoUrl, baseUrl)) return `${baseUrl}${EMAIL_LOGO_PATH}`;
  const url = absolute(logoUrl, baseUrl);
  return url && !new URL(url).pathname.toLowerCase().endsWith('.svg') ? url : null;
}

async function loadBrand(db: DbOrTx, storeId: string, baseUrl: string): Promise<Brand> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!store) throw new UnrenderableEmailError(`Store ${storeId} no longer exists`);
  return {
    storeName: store.storeName,
    companyName: store.companyName,
    companyAddress: store.companyAddress,
    companyEmail: store.companyEmail,
    companyPhone: store.companyPhone,
    logoUrl: emailLogoUrl(store.companyLogoUrl, baseUrl),
    baseUrl,
  };
}

async function loadOrder(
  db: DbOrTx,
  orderId: unknown,
  baseUrl: string,
): Promise<{ row: OrderRow; view: OrderView }> {
  if (typeof orderId !== 'string') throw new UnrenderableEmailError('The e-mail names no order');
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new UnrenderableEmailError(`Order ${orderId} no longer exists`);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return {
    row,
    view: {
      id: row.id,
      placedAt: dateFormat.format(row.createdAt),
      lines: items.map((i) => ({
        title: i.productTitle,
        variant: variantLabel(i.variantSize, i.variantColor),
        quantity: i.quantity,
        unitPrice: formatPaise(i.unitPricePaise),
        lineTotal: formatPaise(i.unitPricePaise * i.quantity),
      })),
      subtotal: formatPaise(row.subtotalPaise),
      // off the goods; a waived delivery charge shows as Delivery: Free
      discounts: row.offers
        .filter((o) => o.amountPaise - o.deliveryPaise > 0)
        .map((o) => ({
          label: o.code ? `${o.code}: ${o.description}` : o.description,
          amount: `−${formatPaise(o.amountPaise - o.deliveryPaise)}`,
        })),
      delivery: row.deliveryPaise > 0 ? formatPaise(row.deliveryPaise) : 'Free',
      ...(row.codFeePaise > 0 ? { codFee: formatPaise(row.codFeePaise) } : {}),
      total: formatPaise(row.totalPaise),
      shipTo: {
        fullName: row.shippingFullName,
        lines: [
          row.shippingAddress,
          `${row.shippingCity}, ${row.shippingState} ${row.shippingPostalCode}`,
        ],
        phone: `+91 ${row.contactPhone}`,
      },
      ordersUrl: `${baseUrl}/orders`,
      trackUrl: `${baseUrl}/track-order?id=${encodeURIComponent(row.id)}`,
    },
  };
}

/** Subject and words of each order e-mail. */
function orderWords(
  kind: Exclude<
    EmailKind,
    | 'refund'
    | 'password_reset'
    | 'account_invite'
    | 'payment_link'
    | 'cart_reminder'
    | 'return_approved'
    | 'return_rejected'
    | 'back_in_stock'
    | MessageEmailKind
    | OwnerEmailKind
  >,
  order: OrderRow,
  storeName: string,
): Pick<OrderEmailProps, 'heading' | 'intro'> & { subject: string } {
  const id = order.id;
  switch (kind) {
    case 'order_placed':
      return {
        subject: `Your ${storeName} order ${id}`,
        heading: 'Thank you for your order!',
        intro: [
          `We have received your order ${id}.`,
          order.codStatus === 'to_collect'
            ? 'You pay in cash when it is delivered. We will write again when it ships.'
            : order.totalPaise === 0
              ? 'There is nothing to pay: your discounts cover it. We will write again when it ships.'
              : 'If you have not paid yet, you can pay for it from My Orders. We will write again when your payment arrives and when the order ships.',
        ],
      };
    case 'payment_received':
      return {
        subject: `Payment received for order ${id}`,
        heading: 'Payment received',
        intro: [
          `We have received your payment of ${formatPaise(order.totalPaise)} for order ${id}.`,
          'We are packing it now and will write again when it ships.',
        ],
      };
    case 'shipped':
      return {
        subject: `Order ${id} has shipped`,
        heading: 'Your order is on its way',
        intro: [`Order ${id} has left us and is on its way to you.`],
      };
    case 'delivered':
      return {
        subject: `Order ${id} was delivered`,
        heading: 'Delivered',
        intro: [
          `Order ${id} has been delivered. We hope you enjoy it.`,
          'If anything is wrong with it, reply to this e-mail or write to us at the address below.',
        ],
      };
    case 'cancelled':
      return {
        subject: `Order ${id} was cancelled`,
        heading: 'Order cancelled',
        intro:
          order.cancelReason === 'expired'
            ? [
                `Order ${id} was cancelled because it was not paid in time. Nothing was charged.`,
                'The items are back on the shelf: you are welcome to order them again.',
              ]
            : order.cancelReason === 'cod_unconfirmed'
              ? [
                  `Order ${id} was cancelled because we could not confirm it for cash on delivery in time. Nothing is owed for it.`,
                  'The items are back on the shelf: you are welcome to order them again.',
                ]
              : order.cancelReason === 'returned'
                ? [
                    `Order ${id} came back to us undelivered, so we have cancelled it. Nothing is owed for it.`,
                    'If you still want the items, you are welcome to order them again.',
                  ]
                : [
                    `We are sorry: we had to cancel order ${id}.`,
                    'If you paid for it, we will refund the full amount and write to you when we do.',
                  ],
      };
  }
}

const rendered = async (element: ReactElement, subject: string): Promise<RenderedEmail> => {
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
};

/**
 * Writes one outbox row's e-mail from what the database holds now (order, items, store) and the
 * row's `data`. `baseUrl` is PUBLIC_BASE_URL: every link in the e-mail starts with it.
 */
export async function renderOutboxEmail(
  db: DbOrTx,
  row: Pick<OutboxRow, 'kind' | 'storeId' | 'data'>,
  options: { baseUrl: string },
): Promise<RenderedEmail> {
  const baseUrl = trimSlash(options.baseUrl);
  const brand = await loadBrand(db, row.storeId, baseUrl);
  const kind = row.kind as EmailKind;
  const data = row.data;

  if (kind === 'password_reset' || kind === 'account_invite') {
    const token = data.token;
    if (typeof token !== 'string' || !token)
      throw new UnrenderableEmailError('A password reset e-mail without its token');
    const firstName = typeof data.firstName === 'string' && data.firstName ? data.firstName : null;
    const invite = kind === 'account_invite';
    return rendered(
      createElement(PasswordResetEmail, {
        brand,
        firstName,
        // a fragment: browsers never send it, so no server or proxy log ever holds the token
        resetUrl: `${baseUrl}/reset-password#token=${encodeURIComponent(token)}`,
        expiresInMinutes: PASSWORD_RESET_MINUTES,
        invite: invite ? { expiresInDays: INVITE_LIFETIME_DAYS } : undefined,
      }),
      invite
        ? `Your ${brand.storeName} account: choose a password`
        : `Reset your ${brand.storeName} password`,
    );
  }

  if (kind === 'cart_reminder') {
    const reminder = await cartReminderEmail(db, row.data, brand);
    return { ...(await rendered(reminder.element, reminder.subject)), headers: reminder.headers };
  }

  if (kind === 'back_in_stock') {
    const alert = await backInStockEmail(db, row.data, brand);
    return rendered(alert.element, alert.subject);
  }

  if (isMessageEmailKind(kind)) {
    const email = await messageEmail(db, kind, row.data, brand);
    return { ...(await rendered(email.element, email.subject)), headers: email.headers };
  }

  if (isOwnerEmailKind(kind)) {
    const email = await ownerNoticeEmail(kind, row.data, brand, (orderId) =>
      loadOrder(db, orderId, baseUrl),
    );
    return rendered(email.element, email.subject);
  }

  const order = await loadOrder(db, data.orderId, baseUrl);
  if (kind === 'refund') {
    const refundId = data.refundId;
    const [refund] =
      typeof refundId === 'string'
        ? await db.select().from(refunds).where(eq(refunds.id, refundId))
        : [];
    if (!refund) throw new UnrenderableEmailError(`Refund ${String(refundId)} no longer exists`);
    const amount = formatPaise(refund.amountPaise);
    return rendered(
      createElement(RefundEmail, {
        brand,
        order: order.view,
        amount,
        reference: refund.reference,
        settled: refund.status === 'succeeded',
      }),
      `Refund of ${amount} for order ${order.row.id}`,
    );
  }

  if (kind === 'return_approved' || kind === 'return_rejected') {
    const returnId = data.returnId;
    const [found] =
      typeof returnId === 'string'
        ? await db.select().from(returns).where(eq(returns.id, returnId))
        : [];
    if (!found) throw new UnrenderableEmailError(`Return ${String(returnId)} no longer exists`);
    const approved = kind === 'return_approved';
    return rendered(
      createElement(OrderEmail, {
        brand,
        order: order.view,
        heading: approved ? 'Your return is approved' : 'Your return request was not accepted',
        intro: approved
          ? [
              `We have approved your return for order ${order.row.id}. How to send the items back:`,
              found.instructions ?? '',
              'We refund you once the items reach us.',
            ]
          : [
              `We could not accept your return request for order ${order.row.id}.`,
              `Reason: ${found.rejectionReason ?? ''}`,
            ],
      }),
      approved
        ? `Your return for order ${order.row.id} is approved`
        : `Your return request for order ${order.row.id}`,
    );
  }

  if (kind === 'payment_link') {
    const payUrl = data.payUrl;
    if (typeof payUrl !== 'string' || !payUrl)
      throw new UnrenderableEmailError('A payment link e-mail without its link');
    const expires = typeof data.expiresAt === 'string' ? new Date(data.expiresAt) : null;
    return rendered(
      createElement(OrderEmail, {
        brand,
        order: order.view,
        heading: 'Pay for your order',
        intro: [
          `Thank you for ordering from us. To pay ${formatPaise(order.row.totalPaise)} for order ${order.row.id}, open this link; you do not need to sign in.`,
          expires
            ? `The link works until ${expires.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} (India time); we send the order once it is paid.`
            : 'We send the order once it is paid.',
        ],
        action: { label: 'Pay now', href: payUrl },
      }),
      `Pay for your ${brand.storeName} order ${order.row.id}`,
    );
  }

  if (!['order_placed', 'payment_received', 'shipped', 'delivered', 'cancelled'].includes(kind))
    throw new UnrenderableEmailError(`No template for e-mails of kind ${kind}`);
  const words = orderWords(kind, order.row, brand.storeName);
  const tracking = order.row.trackingNumber;
  const shipment =
    kind === 'shipped' && tracking
      ? {
          carrier: order.row.carrier,
          trackingNumber: tracking,
          trackingUrl: trackingLink(order.row.carrier, tracking),
        }
      : undefined;
  return rendered(
    createElement(OrderEmail, {
      brand,
      order: order.view,
      heading: words.heading,
      intro: words.intro,
      shipment,
    }),
    words.subject,
  );
}
