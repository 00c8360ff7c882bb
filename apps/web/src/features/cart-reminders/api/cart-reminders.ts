import { apiRequest } from '@/lib/api-client';

/**
 * POST /cart-reminders/unsubscribe or /subscribe with the e-mailed link's token (no sign-in: the
 * token names the shopper); answers whether reminders are sent now.
 */
export async function setCartReminders(token: string, on: boolean): Promise<boolean> {
  const answer = await apiRequest<{ subscribed?: boolean }>(
    `/cart-reminders/${on ? 'subscribe' : 'unsubscribe'}`,
    { method: 'POST', body: { token } },
  );
  return answer.subscribed === true;
}
