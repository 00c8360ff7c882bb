import { z } from 'zod';
import { adminPageQuery, pageOf } from './common';

/** GET /admin/messages?page=&limit=: the contact form's messages, newest first. */
export const adminMessageListQuerySchema = z.object({ ...adminPageQuery });

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  receivedAt: z.string(),
  /** when someone in the back office marked it read; null while unread */
  readAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const adminMessageListSchema = pageOf(contactMessageSchema).extend({
  /** unread messages in all (the navigation's count) */
  unread: z.number().int(),
});
export type AdminMessageList = z.infer<typeof adminMessageListSchema>;

export const messageIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown message' }) });

/** POST /admin/messages/:id/read */
export const markMessageBodySchema = z.object({ read: z.boolean() });

/** GET /admin/newsletter?page=&limit=: confirmed subscribers still subscribed, newest first. */
export const adminSubscriberListQuerySchema = z.object({ ...adminPageQuery });

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** when the visitor signed up on the form: their consent */
  consentedAt: z.string(),
  /** when they opened the confirmation e-mail's link (double opt-in) */
  confirmedAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const adminSubscriberListSchema = pageOf(subscriberSchema).extend({
  /** signed up but not yet confirmed (they get nothing until they do) */
  awaitingConfirmation: z.number().int(),
});
export type AdminSubscriberList = z.infer<typeof adminSubscriberListSchema>;

/** The CSV export's columns, in order (GET /admin/newsletter/export.csv). */
export const subscriberCsvColumns = [
  'email',
  'consented_at',
  'confirmed_at',
  'unsubscribe_url',
] as const;
