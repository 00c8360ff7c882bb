import type { NewsletterStateResponse } from '@store/contracts/messages';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /newsletter/confirm or /unsubscribe with the e-mailed link's token (no sign-in: the token
 * names the reader); answers whether they are subscribed now.
 */
export async function setNewsletterSubscription(token: string, on: boolean): Promise<boolean> {
  const answer = await apiRequest<NewsletterStateResponse>(
    `/newsletter/${on ? 'confirm' : 'unsubscribe'}`,
    { method: 'POST', body: { token } },
  );
  return answer.subscribed === true;
}
