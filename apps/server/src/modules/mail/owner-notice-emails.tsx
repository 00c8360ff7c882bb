import { Heading, Section, Text } from '@react-email/components';
import { createElement, type ReactElement } from 'react';
import { formatPaise } from '@store/contracts/money';
import type { orders } from '../../db/schema';
import { UnrenderableEmailError } from './render-email';
import {
  ActionButton,
  panel,
  cell,
  colour,
  Layout,
  OrderDetails,
  text,
  type Brand,
  type OrderView,
} from './email-templates';

// The owner's e-mails (modules/notices, docs/decisions/messages-and-owner-notices.md): a new
// order, a return request, low stock, the daily summary. What they show is in the outbox row's
// data (queued by the event) or, for an order, the order as it is now.

const heading = { color: colour.foreground, fontSize: '22px', margin: '0 0 16px' } as const;

export type OwnerEmailKind =
  'owner_new_order' | 'owner_return_requested' | 'owner_low_stock' | 'owner_daily_summary';
export const isOwnerEmailKind = (kind: string): kind is OwnerEmailKind => kind.startsWith('owner_');

function OwnerEmail({
  brand,
  title,
  lines,
  action,
  children,
}: {
  brand: Brand;
  title: string;
  lines: string[];
  action: { href: string; label: string };
  children?: ReactElement | null;
}) {
  return (
    <Layout brand={brand} preview={lines[0] ?? title}>
      <Heading as="h1" style={heading}>
        {title}
      </Heading>
      {lines.map((line, i) => (
        <Text key={i} style={text}>
          {line}
        </Text>
      ))}
      {children}
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={action.href}>{action.label}</ActionButton>
      </Section>
    </Layout>
  );
}

function Figures({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={panel}>
      <table width="100%" cellPadding={0} cellSpacing={0} role="presentation">
        <tbody>
          {rows.map(([label, value], i) => (
            <tr key={label} style={i ? { borderTop: `1px solid ${colour.border}` } : {}}>
              <td style={cell}>{label}</td>
              <td align="right" style={{ ...cell, fontWeight: 600 }}>
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

const str = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || !value)
    throw new UnrenderableEmailError(`The e-mail names no ${what}`);
  return value;
};
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'full', timeZone: 'UTC' });

type LoadOrder = (
  orderId: unknown,
) => Promise<{ row: typeof orders.$inferSelect; view: OrderView }>;

/** One outbox row's owner e-mail. */
export async function ownerNoticeEmail(
  kind: OwnerEmailKind,
  data: Record<string, unknown>,
  brand: Brand,
  loadOrder: LoadOrder,
): Promise<{ element: ReactElement; subject: string }> {
  const admin = `${brand.baseUrl}/admin`;
  if (kind === 'owner_new_order') {
    const { row, view } = await loadOrder(data.orderId);
    const total = formatPaise(row.totalPaise);
    const units = view.lines.reduce((sum, l) => sum + l.quantity, 0);
    return {
      subject: `New order ${row.id}: ${total}`,
      element: createElement(
        OwnerEmail,
        {
          brand,
          title: `New order ${row.id}`,
          lines: [
            `${row.shippingFullName} ordered ${units} ${units === 1 ? 'item' : 'items'} for ${total}.`,
            row.codStatus === 'to_collect'
              ? 'Cash on delivery: collect the money when it is delivered.'
              : row.totalPaise === 0
                ? 'Nothing to pay: its discounts cover it. It is ready to pack.'
                : 'Paid online. It is ready to pack.',
          ],
          action: {
            href: `${admin}/orders/${encodeURIComponent(row.id)}`,
            label: 'Open the order',
          },
        },
        createElement(OrderDetails, { order: view }),
      ),
    };
  }
  if (kind === 'owner_return_requested') {
    const orderId = str(data.orderId, 'order');
    return {
      subject: `Return requested for order ${orderId}`,
      element: createElement(OwnerEmail, {
        brand,
        title: 'Return requested',
        lines: [
          `A shopper asked to return items of order ${orderId}.`,
          'Approve it with instructions, or reject it with a reason, in the back office.',
        ],
        action: { href: `${admin}/orders/${encodeURIComponent(orderId)}`, label: 'Open the order' },
      }),
    };
  }
  if (kind === 'owner_low_stock') {
    const title = str(data.title, 'product');
    const variant = typeof data.variant === 'string' && data.variant ? ` (${data.variant})` : '';
    const left = num(data.left);
    const state = left <= 0 ? 'sold out' : `${left} left`;
    return {
      subject: `Low stock: ${title}${variant}, ${state}`,
      element: createElement(OwnerEmail, {
        brand,
        title: 'Low stock',
        lines: [
          `${title}${variant} is down to ${left <= 0 ? 'none: it is sold out' : `${left} ${left === 1 ? 'unit' : 'units'}`} after order ${str(data.orderId, 'order')}.`,
          'Restock it in the back office before it runs out.',
        ],
        action: {
          href: `${admin}/products/${encodeURIComponent(str(data.productId, 'product'))}`,
          label: 'Open the product',
        },
      }),
    };
  }
  const day = str(data.day, 'day');
  const figures = (data.figures ?? {}) as Record<string, unknown>;
  const dayText = dayFormat.format(new Date(`${day}T00:00:00Z`));
  return {
    subject: `${brand.storeName}: summary of ${dayText}`,
    element: createElement(
      OwnerEmail,
      {
        brand,
        title: 'Daily summary',
        lines: [`What happened in ${brand.storeName} on ${dayText}, and what waits now.`],
        action: { href: `${admin}/`, label: 'Open the dashboard' },
      },
      createElement(Figures, {
        rows: [
          ['Orders (paid or cash on delivery)', String(num(figures.orders))],
          ['Sales', formatPaise(num(figures.salesPaise))],
          ['Orders to ship now', String(num(figures.toShip))],
          ['Products at or below the low-stock level', String(num(figures.lowStock))],
          ['Unread messages', String(num(figures.unreadMessages))],
        ],
      }),
    ),
  };
}
