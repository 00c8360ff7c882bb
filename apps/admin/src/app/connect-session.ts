import { connectSession } from '@/lib/api-client';
import { clearSession, getSession } from '@/state/session';

/** The API client sends this tab's staff token; a 401 clears it, and the guard shows sign-in. */
export function connectApiToSession(): void {
  connectSession({ token: () => getSession()?.token, onUnauthorized: clearSession });
}
