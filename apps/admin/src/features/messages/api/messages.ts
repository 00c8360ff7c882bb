import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminMessageList,
  AdminSubscriberList,
  ContactMessage,
  adminMessageListQuerySchema,
} from '@store/contracts/admin/messages';
import { useAdminMutation } from '@/lib/admin-mutation';
import { adminRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export type PageQuery = z.output<typeof adminMessageListQuerySchema>;

/** GET /admin/messages: one page of the contact form's messages, newest first. */
export const messagesQueryOptions = (query: PageQuery) =>
  queryOptions({
    queryKey: ['admin', 'messages', query],
    queryFn: ({ signal }) => adminRequest<AdminMessageList>('/messages', { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useMessages = (query: PageQuery) => useQuery(messagesQueryOptions(query));

/** GET /admin/messages/:id */
export const useMessage = (id: string) =>
  useQuery({
    queryKey: ['admin', 'messages', 'one', id],
    queryFn: ({ signal }) =>
      adminRequest<ContactMessage>(`/messages/${encodeURIComponent(id)}`, { signal }),
  });

/** POST /admin/messages/:id/read */
export const useMarkMessage = () =>
  useAdminMutation(({ id, read }: { id: string; read: boolean }) =>
    adminRequest<null>(`/messages/${encodeURIComponent(id)}/read`, {
      method: 'POST',
      body: { read },
    }),
  );

/** GET /admin/newsletter: confirmed subscribers, newest first. */
export const useSubscribers = (query: PageQuery) =>
  useQuery({
    queryKey: ['admin', 'newsletter', query],
    queryFn: ({ signal }) => adminRequest<AdminSubscriberList>('/newsletter', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /admin/newsletter/export.csv, saved under the server's file name. */
export const downloadSubscribers = (): Promise<string> =>
  downloadFile('/newsletter/export.csv', {
    accept: 'text/csv',
    fallbackName: 'newsletter-subscribers.csv',
  });
