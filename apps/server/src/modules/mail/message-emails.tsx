import { Heading, Section, Text } from '@react-email/components';
import { eq } from 'drizzle-orm';
import { createElement, type ReactElement } from 'react';
import type { DbOrTx } from '../../db/client';
import { contactMessages, newsletterSubscribers } from '../../db/schema';
import { SkippedEmailError } from './cart-reminder-email';
import { ActionButton, panel, colour, Layout, small, text, type Brand } from './email-templates';

// The e-mails of modules/messages (docs/decisions/messages-and-owner-notices.md): a contact
// message to the shop's owner, and the newsletter's double opt-in to the visitor who signed up.

const heading = { color: colour.foreground, fontSize: '22px', margin: '0 0 16px' } as const;

export interface ContactMessageEmailProps {
  brand: Brand;
  name: string;
  email: string;
  subject: string;
  message: string;
  inboxUrl: string;
}

export function ContactMessageEmail({
  brand,
  name,
  email,
  subject,
  message,
  inboxUrl,
}: ContactMessageEmailProps) {
  return (
    <Layout brand={brand} preview={`${name}: ${subject}`}>
      <Heading as="h1" style={heading}>
        New message from the contact form
      </Heading>
      <Text style={text}>
        From {name} ({email})
        <br />
        Subject: {subject}
      </Text>
      <Section style={panel}>
        <Text style={{ ...text, whiteSpace: 'pre-wrap' }}>{message}</Text>
      </Section>
      <Text style={text}>Reply to this e-mail to answer {name}.</Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={inboxUrl}>Open in Messages</ActionButton>
      </Section>
    </Layout>
  );
}

export interface NewsletterConfirmEmailProps {
  brand: Brand;
  confirmUrl: string;
}

export function NewsletterConfirmEmail({ brand, confirmUrl }: NewsletterConfirmEmailProps) {
  return (
    <Layout brand={brand} preview="Please confirm your subscription">
      <Heading as="h1" style={heading}>
        Please confirm your subscription
      </Heading>
      <Text style={text}>
        Thank you for subscribing to the {brand.storeName} newsletter. Confirm that this address is
        yours and we will send you our news.
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={confirmUrl}>Confirm subscription</ActionButton>
      </Section>
      <Text style={small}>
        If you did not sign up, ignore this e-mail: you will not be subscribed.
      </Text>
    </Layout>
  );
}

export type MessageEmailKind = 'contact_message' | 'newsletter_confirm';
export const isMessageEmailKind = (kind: string): kind is MessageEmailKind =>
  kind === 'contact_message' || kind === 'newsletter_confirm';

/** One outbox row's e-mail of modules/messages, from what the database holds now. */
export async function messageEmail(
  db: DbOrTx,
  kind: MessageEmailKind,
  data: Record<string, unknown>,
  brand: Brand,
): Promise<{ element: ReactElement; subject: string; headers?: Record<string, string> }> {
  if (kind === 'contact_message') {
    const id = data.messageId;
    const [row] =
      typeof id === 'string'
        ? await db.select().from(contactMessages).where(eq(contactMessages.id, id))
        : [];
    if (!row) throw new SkippedEmailError('The message no longer exists');
    return {
      element: createElement(ContactMessageEmail, {
        brand,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        inboxUrl: `${brand.baseUrl}/admin/messages/${row.id}`,
      }),
      subject: `New message: ${row.subject}`,
      // the owner's "Reply" answers the visitor, not the shop's own sending address
      headers: { 'Reply-To': row.email },
    };
  }
  const { subscriberId, token } = data;
  const [row] =
    typeof subscriberId === 'string'
      ? await db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, subscriberId))
      : [];
  if (!row || typeof token !== 'string')
    throw new SkippedEmailError('The sign-up no longer exists');
  if (row.confirmedAt && !row.unsubscribedAt)
    throw new SkippedEmailError('The subscription is confirmed already');
  return {
    element: createElement(NewsletterConfirmEmail, {
      brand,
      // a fragment, like the reset link's: no server or proxy log holds the token
      confirmUrl: `${brand.baseUrl}/newsletter#token=${encodeURIComponent(token)}`,
    }),
    subject: `Confirm your ${brand.storeName} newsletter subscription`,
  };
}
