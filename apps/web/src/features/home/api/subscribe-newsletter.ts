import type { NewsletterBody } from '@store/contracts/messages';
import { apiRequest } from '@/lib/api-client';

/** POST /newsletter: the sign-up is kept and a confirmation e-mailed (double opt-in). */
export async function subscribeNewsletter(body: NewsletterBody): Promise<void> {
  await apiRequest('/newsletter', { method: 'POST', body });
}
