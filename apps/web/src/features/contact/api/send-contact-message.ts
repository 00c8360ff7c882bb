import type { ContactBody } from '@store/contracts/messages';
import { apiRequest } from '@/lib/api-client';

/** POST /contact: the message is kept for the shop's back office and e-mailed to its owner. */
export async function sendContactMessage(body: ContactBody): Promise<void> {
  await apiRequest('/contact', { method: 'POST', body });
}
