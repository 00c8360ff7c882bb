import { useMutation } from '@tanstack/react-query';
import type { OutboxTicket } from '@store/contracts/admin/common';
import { adminRequest } from '@/lib/api-client';
import { leaveFor } from '@/lib/leave-for';

/**
 * POST /admin/outbox-ticket, then the outbox itself. The tab's session token cannot ride on a
 * link, so the server hands out a one-time ticket that the outbox swaps for its own cookie
 * (docs/decisions/demo-outbox-access.md). Asked for on the click: a ticket lives a minute.
 */
export function useOpenOutbox() {
  return useMutation({
    mutationFn: () => adminRequest<OutboxTicket>('/outbox-ticket', { method: 'POST' }),
    onSuccess: ({ url }) => leaveFor(url),
  });
}
