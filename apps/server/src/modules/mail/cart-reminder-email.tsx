import { Heading, Link, Section, Text } from '@react-email/components';
import { count, eq } from 'drizzle-orm';
import { createElement, type ReactElement } from 'react';
import type { DbOrTx } from '../../db/client';
import { cartLines, carts } from '../../db/schema';
import {
  ActionButton,
  panel,
  cell,
  colour,
  Layout,
  small,
  text,
  type Brand,
} from './email-templates';

/**
 * An e-mail no longer to be sent (a cart reminder whose cart was ordered or emptied meanwhile, or
 * whose shopper stopped them): the sender marks it skipped, with this reason, and sends nothing.
 */
export class SkippedEmailError extends Error {}

/** A cart line as the reminder shows it, written when the reminder was queued. */
export interface ReminderLine {
  title: string;
  /** "Size A5, Blue"; empty when the product has no choices */
  variant: string;
  quantity: number;
  /** the price each, as written (₹185) */
  price: string;
  /** "Only 2 left", "Sold out", "No longer available"; null while plenty is in stock */
  note: string | null;
}

/** What the reminder job puts in the outbox row (modules/carts/cart-reminders.service.ts). */
export interface CartReminderData {
  cartId: string;
  /** the cart's round (its started_at): a reminder for an earlier round is not sent */
  round: string;
  /** the signed unsubscribe token */
  token: string;
  firstName: string | null;
  lines: ReminderLine[];
}

function readData(data: Record<string, unknown>): CartReminderData {
  const { cartId, round, token, firstName, lines } = data;
  if (typeof cartId !== 'string' || typeof round !== 'string' || typeof token !== 'string')
    throw new SkippedEmailError('The reminder names no cart');
  return {
    cartId,
    round,
    token,
    firstName: typeof firstName === 'string' && firstName ? firstName : null,
    lines: Array.isArray(lines) ? (lines as ReminderLine[]) : [],
  };
}

export interface CartReminderEmailProps {
  brand: Brand;
  firstName: string | null;
  lines: ReminderLine[];
  cartUrl: string;
  unsubscribeUrl: string;
}

export function CartReminderEmail({
  brand,
  firstName,
  lines,
  cartUrl,
  unsubscribeUrl,
}: CartReminderEmailProps) {
  return (
    <Layout brand={brand} preview="Your cart is waiting for you">
      <Heading as="h1" style={{ color: colour.foreground, fontSize: '22px', margin: '0 0 16px' }}>
        Your cart is waiting for you
      </Heading>
      <Text style={text}>{firstName ? `Hello ${firstName},` : 'Hello,'}</Text>
      <Text style={text}>
        You left {lines.length === 1 ? 'this' : 'these'} in your {brand.storeName} cart. It is saved
        to your account, so it is there on any device you sign in on.
      </Text>
      <Section style={panel}>
        <table width="100%" cellPadding={0} cellSpacing={0} role="presentation">
          <tbody>
            {lines.map((line, i) => (
              <tr key={i} style={i ? { borderTop: `1px solid ${colour.border}` } : {}}>
                <td style={cell}>
                  {line.title}
                  {line.variant ? (
                    <span style={{ color: colour.mutedForeground }}> ({line.variant})</span>
                  ) : null}
                  {line.note ? (
                    <span style={{ color: colour.mutedForeground }}> · {line.note}</span>
                  ) : null}
                </td>
                <td align="right" style={cell}>
                  {line.quantity} × {line.price}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Text style={text}>Prices and stock can change until you order.</Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={cartUrl}>View your cart</ActionButton>
      </Section>
      <Text style={small}>
        We send one reminder per cart. Don’t want them?{' '}
        <Link href={unsubscribeUrl} style={{ color: colour.accent }}>
          Unsubscribe from cart reminders
        </Link>
        . Order e-mails still come.
      </Text>
    </Layout>
  );
}

/**
 * The reminder of one outbox row, if it is still due: its cart is in the same round (not ordered
 * or emptied since it was queued), still holds lines, and its shopper did not stop reminders.
 * Otherwise SkippedEmailError. The lines are as the job wrote them, seconds before.
 */
export async function cartReminderEmail(
  db: DbOrTx,
  data: Record<string, unknown>,
  brand: Brand,
): Promise<{ element: ReactElement; subject: string; headers: Record<string, string> }> {
  const reminder = readData(data);
  const [cart] = await db
    .select({ startedAt: carts.startedAt, remindersOffAt: carts.remindersOffAt })
    .from(carts)
    .where(eq(carts.id, reminder.cartId));
  if (!cart) throw new SkippedEmailError('The cart no longer exists');
  if (cart.remindersOffAt) throw new SkippedEmailError('The shopper stopped cart reminders');
  if (cart.startedAt?.toISOString() !== reminder.round)
    throw new SkippedEmailError('The cart was ordered or emptied since');
  const [held] = await db
    .select({ n: count() })
    .from(cartLines)
    .where(eq(cartLines.cartId, reminder.cartId));
  if (!held?.n) throw new SkippedEmailError('The cart is empty');
  const token = encodeURIComponent(reminder.token);
  // RFC 8058: a mail client's "Unsubscribe" button posts to this address (one click, no page)
  const oneClick = `${brand.baseUrl}/api/v1/cart-reminders/one-click?token=${token}`;
  return {
    element: createElement(CartReminderEmail, {
      brand,
      firstName: reminder.firstName,
      lines: reminder.lines,
      cartUrl: `${brand.baseUrl}/cart`,
      // a fragment, like the reset link's: no server or proxy log holds the token
      unsubscribeUrl: `${brand.baseUrl}/unsubscribe#token=${token}`,
    }),
    subject: `You left something in your ${brand.storeName} cart`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
