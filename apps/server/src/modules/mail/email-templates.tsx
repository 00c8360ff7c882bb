import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

/**
 * The store's e-mails as React Email components. Colours are packages/ui/src/theme.css's tokens
 * written out: e-mail clients ignore CSS variables and stylesheets, so every style is inline.
 */
export const colour = {
  background: '#fbf7f0',
  foreground: '#2b2118',
  card: '#fffdf9',
  muted: '#f1e9dc',
  mutedForeground: '#6f6253',
  primary: '#8a4b2a',
  primaryForeground: '#fffaf3',
  border: '#e4d8c6',
  accent: '#2f5d50',
} as const;

const font =
  "'Segoe UI', system-ui, -apple-system, Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

/** Who sends: the store's name, logo and contact details, and where its links point. */
export interface Brand {
  storeName: string;
  companyName: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
  /** absolute (this site's: the PNG of GET /email/logo.png), or null: no logo, or one mail cannot show */
  logoUrl: string | null;
  /** the storefront's absolute origin (PUBLIC_BASE_URL), no trailing slash */
  baseUrl: string;
}

export interface OrderLineView {
  title: string;
  /** "Size M, Blue"; empty when the product has no choices */
  variant: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

export interface OrderView {
  id: string;
  placedAt: string;
  lines: OrderLineView[];
  /** before discounts */
  subtotal: string;
  /** each discount applied ("SAVE10: 10% off") and what it took off, e.g. "−₹50.00" */
  discounts: { label: string; amount: string }[];
  /** the delivery charge, "Free" when nothing is charged */
  delivery: string;
  /** the cash-on-delivery fee ("₹30.00"); absent when none is charged */
  codFee?: string;
  total: string;
  shipTo: { fullName: string; lines: string[]; phone: string };
  /** the signed-in shopper's list, and the look-up anyone with the e-mail can use */
  ordersUrl: string;
  trackUrl: string;
}

export interface Shipment {
  carrier: string | null;
  trackingNumber: string;
  /** the carrier's page for this parcel, when it has one */
  trackingUrl: string | null;
}

export const text = {
  color: colour.foreground,
  fontSize: '15px',
  lineHeight: '24px',
  margin: '0 0 12px',
};
export const small = {
  color: colour.mutedForeground,
  fontSize: '13px',
  lineHeight: '20px',
  margin: 0,
};
/** A shaded box of lines (a cart's, a message, figures) within an e-mail. */
export const panel = {
  backgroundColor: colour.muted,
  borderRadius: '8px',
  padding: '12px 20px',
  margin: '16px 0',
};
export const cell = {
  padding: '8px 0',
  fontSize: '14px',
  color: colour.foreground,
  verticalAlign: 'top',
};

export function Layout({
  brand,
  preview,
  children,
}: {
  brand: Brand;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colour.background,
          fontFamily: font,
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: colour.card,
            border: `1px solid ${colour.border}`,
            borderRadius: '12px',
            maxWidth: '600px',
            padding: '32px',
          }}
        >
          <Section>
            <Row>
              {brand.logoUrl ? (
                <Column style={{ width: '56px' }}>
                  <Img src={brand.logoUrl} alt={brand.storeName} width="48" height="48" />
                </Column>
              ) : null}
              <Column>
                <Link
                  href={`${brand.baseUrl}/`}
                  style={{
                    color: colour.primary,
                    fontSize: '20px',
                    fontWeight: 700,
                    textDecoration: 'none',
                  }}
                >
                  {brand.storeName}
                </Link>
              </Column>
            </Row>
          </Section>
          <Hr style={{ borderColor: colour.border, margin: '20px 0' }} />
          {children}
          <Hr style={{ borderColor: colour.border, margin: '28px 0 16px' }} />
          <Section>
            <Text style={small}>
              {brand.companyName}, {brand.companyAddress}
            </Text>
            <Text style={small}>
              <Link href={`mailto:${brand.companyEmail}`} style={{ color: colour.accent }}>
                {brand.companyEmail}
              </Link>
              {' · '}
              {brand.companyPhone}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colour.primary,
        borderRadius: '8px',
        color: colour.primaryForeground,
        fontSize: '15px',
        fontWeight: 600,
        padding: '12px 20px',
      }}
    >
      {children}
    </Button>
  );
}

export function OrderDetails({ order }: { order: OrderView }) {
  return (
    <Section
      style={{
        backgroundColor: colour.muted,
        borderRadius: '8px',
        padding: '16px 20px',
        margin: '20px 0',
      }}
    >
      <Text style={{ ...text, fontWeight: 600 }}>
        Order {order.id} · {order.placedAt}
      </Text>
      <table width="100%" cellPadding={0} cellSpacing={0} role="presentation">
        <thead>
          <tr>
            <th align="left" style={{ ...small, paddingBottom: '4px' }}>
              Item
            </th>
            <th align="center" style={{ ...small, paddingBottom: '4px' }}>
              Qty
            </th>
            <th align="right" style={{ ...small, paddingBottom: '4px' }}>
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i} style={{ borderTop: `1px solid ${colour.border}` }}>
              <td style={cell}>
                {line.title}
                {line.variant ? (
                  <span style={{ color: colour.mutedForeground }}> ({line.variant})</span>
                ) : null}
              </td>
              <td align="center" style={cell}>
                {line.quantity} × {line.unitPrice}
              </td>
              <td align="right" style={cell}>
                {line.lineTotal}
              </td>
            </tr>
          ))}
          {order.discounts.length > 0 ? (
            <tr style={{ borderTop: `1px solid ${colour.border}` }}>
              <td style={cell} colSpan={2}>
                Subtotal
              </td>
              <td align="right" style={cell}>
                {order.subtotal}
              </td>
            </tr>
          ) : null}
          {order.discounts.map((d, i) => (
            <tr key={`discount-${i}`}>
              <td style={cell} colSpan={2}>
                Discount ({d.label})
              </td>
              <td align="right" style={cell}>
                {d.amount}
              </td>
            </tr>
          ))}
          <tr style={{ borderTop: `1px solid ${colour.border}` }}>
            <td style={cell} colSpan={2}>
              Delivery
            </td>
            <td align="right" style={cell}>
              {order.delivery}
            </td>
          </tr>
          {order.codFee && (
            <tr style={{ borderTop: `1px solid ${colour.border}` }}>
              <td style={cell} colSpan={2}>
                Cash on delivery fee
              </td>
              <td align="right" style={cell}>
                {order.codFee}
              </td>
            </tr>
          )}
          <tr style={{ borderTop: `1px solid ${colour.border}` }}>
            <td style={{ ...cell, fontWeight: 700 }} colSpan={2}>
              Total
            </td>
            <td align="right" style={{ ...cell, fontWeight: 700 }}>
              {order.total}
            </td>
          </tr>
        </tbody>
      </table>
      <Text style={{ ...small, marginTop: '16px', fontWeight: 600 }}>Shipping to</Text>
      <Text style={small}>
        {order.shipTo.fullName}
        {order.shipTo.lines.map((l, i) => (
          <span key={i}>
            <br />
            {l}
          </span>
        ))}
        <br />
        {order.shipTo.phone}
      </Text>
    </Section>
  );
}

function OrderLinks({ order }: { order: OrderView }) {
  return (
    <>
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={order.ordersUrl}>View my orders</ActionButton>
      </Section>
      <Text style={small}>
        Not signed in? Track this order with its number and your e-mail:{' '}
        <Link href={order.trackUrl} style={{ color: colour.accent }}>
          {order.trackUrl}
        </Link>
      </Text>
    </>
  );
}

export interface OrderEmailProps {
  brand: Brand;
  order: OrderView;
  heading: string;
  /** the sentences above the order */
  intro: string[];
  /** shipped: the parcel's carrier and number */
  shipment?: Shipment | undefined;
  /** a button above the order (the payment link's Pay now), with its address spelled out */
  action?: { label: string; href: string } | undefined;
}

/** Placed, paid, shipped, delivered, cancelled: one layout, the words differ. */
export function OrderEmail({ brand, order, heading, intro, shipment, action }: OrderEmailProps) {
  return (
    <Layout brand={brand} preview={intro[0] ?? heading}>
      <Heading as="h1" style={{ color: colour.foreground, fontSize: '22px', margin: '0 0 16px' }}>
        {heading}
      </Heading>
      {intro.map((p, i) => (
        <Text key={i} style={text}>
          {p}
        </Text>
      ))}
      {shipment ? (
        <Section
          style={{
            border: `1px solid ${colour.border}`,
            borderRadius: '8px',
            padding: '12px 20px',
            margin: '8px 0',
          }}
        >
          <Text style={{ ...text, margin: '0 0 4px' }}>
            Carrier: <strong>{shipment.carrier ?? 'Courier'}</strong>
          </Text>
          <Text style={{ ...text, margin: '0 0 4px' }}>
            Tracking number: <strong>{shipment.trackingNumber}</strong>
          </Text>
          {shipment.trackingUrl ? (
            <Text style={{ ...text, margin: 0 }}>
              Follow the parcel:{' '}
              {/* a carrier's long address has nowhere to wrap: it widened the e-mail on a phone */}
              <Link
                href={shipment.trackingUrl}
                style={{ color: colour.accent, wordBreak: 'break-all', overflowWrap: 'anywhere' }}
              >
                {shipment.trackingUrl}
              </Link>
            </Text>
          ) : null}
        </Section>
      ) : null}
      {action ? (
        <Section style={{ margin: '8px 0 16px' }}>
          <ActionButton href={action.href}>{action.label}</ActionButton>
          <Text style={small}>
            Or copy this address into your browser:{' '}
            <Link
              href={action.href}
              style={{ color: colour.accent, wordBreak: 'break-all', overflowWrap: 'anywhere' }}
            >
              {action.href}
            </Link>
          </Text>
        </Section>
      ) : null}
      <OrderDetails order={order} />
      <OrderLinks order={order} />
    </Layout>
  );
}

export interface RefundEmailProps {
  brand: Brand;
  order: OrderView;
  amount: string;
  reference: string | null;
  /** 'requested': asked of the payment provider, on its way */
  settled: boolean;
}

export function RefundEmail({ brand, order, amount, reference, settled }: RefundEmailProps) {
  return (
    <Layout brand={brand} preview={`Refund of ${amount} for order ${order.id}`}>
      <Heading as="h1" style={{ color: colour.foreground, fontSize: '22px', margin: '0 0 16px' }}>
        Refund of {amount}
      </Heading>
      <Text style={text}>
        {settled
          ? `We have refunded ${amount} for order ${order.id}.`
          : `We have asked our payment provider to refund ${amount} for order ${order.id}.`}{' '}
        Banks usually show a refund within 5–7 working days.
      </Text>
      {reference ? (
        <Text style={text}>
          Refund reference: <strong>{reference}</strong>
        </Text>
      ) : null}
      <OrderDetails order={order} />
      <OrderLinks order={order} />
    </Layout>
  );
}

export interface PasswordResetEmailProps {
  brand: Brand;
  firstName: string | null;
  resetUrl: string;
  expiresInMinutes: number;
  /** an account staff made for an order taken by phone: an invitation, not a reset */
  invite?: { expiresInDays: number } | undefined;
}

export function PasswordResetEmail({
  brand,
  firstName,
  resetUrl,
  expiresInMinutes,
  invite,
}: PasswordResetEmailProps) {
  if (invite) {
    return (
      <Layout brand={brand} preview={`Your ${brand.storeName} account`}>
        <Heading as="h1" style={{ color: colour.foreground, fontSize: '22px', margin: '0 0 16px' }}>
          Welcome to {brand.storeName}
        </Heading>
        <Text style={text}>{firstName ? `Hello ${firstName},` : 'Hello,'}</Text>
        <Text style={text}>
          We have made a {brand.storeName} account for you with the order you placed with us. To
          follow your orders and buy online, choose a password within {invite.expiresInDays} days:
        </Text>
        <Section style={{ margin: '8px 0 16px' }}>
          <ActionButton href={resetUrl}>Choose a password</ActionButton>
        </Section>
        <Text style={small}>
          Or copy this address into your browser:{' '}
          <Link href={resetUrl} style={{ color: colour.accent }}>
            {resetUrl}
          </Link>
        </Text>
        <Text style={{ ...text, marginTop: '16px' }}>
          You do not need a password to receive your order. After {invite.expiresInDays} days you
          can still choose one with Forgot password on the sign-in page.
        </Text>
      </Layout>
    );
  }
  return (
    <Layout brand={brand} preview={`Reset your ${brand.storeName} password`}>
      <Heading as="h1" style={{ color: colour.foreground, fontSize: '22px', margin: '0 0 16px' }}>
        Reset your password
      </Heading>
      <Text style={text}>{firstName ? `Hello ${firstName},` : 'Hello,'}</Text>
      <Text style={text}>
        Someone asked to reset the password of your {brand.storeName} account. To choose a new one,
        open this link within {expiresInMinutes} minutes:
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={resetUrl}>Choose a new password</ActionButton>
      </Section>
      <Text style={small}>
        Or copy this address into your browser:{' '}
        <Link href={resetUrl} style={{ color: colour.accent }}>
          {resetUrl}
        </Link>
      </Text>
      <Text style={{ ...text, marginTop: '16px' }}>
        If you did not ask for this, you can safely ignore this e-mail: your password stays as it is
        and the link stops working after {expiresInMinutes} minutes.
      </Text>
    </Layout>
  );
}

/**
 * A variant as the e-mails name it: "Size A5, Blue" from a size and colour ('' where none). A
 * product's only size ('One Size') says nothing the title does not.
 */
export const variantLabel = (size: string | null, color: string | null) =>
  [size && size !== 'One Size' && `Size ${size}`, color].filter(Boolean).join(', ');
