import { AUTH_COOKIE, cookieValue } from '@store/contracts/session';

export { AUTH_COOKIE };
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export function getCookie(name: string): string | undefined {
  // the server renders public pages as a visitor sees them: signed out
  if (typeof document === 'undefined') return undefined;
  return cookieValue(document.cookie, name);
}

function secureFlag(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie =
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax` +
    secureFlag();
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax` + secureFlag();
}

export const getAuthToken = (): string | undefined => getCookie(AUTH_COOKIE) || undefined;
export const setAuthToken = (token: string): void =>
  setCookie(AUTH_COOKIE, token, THIRTY_DAYS_SECONDS);
export const clearAuthToken = (): void => deleteCookie(AUTH_COOKIE);

/**
 * Fired after a 401 removed the token (lib/api-client.ts), so the session state can follow the
 * cookie. Here rather than in the API client, which the session does not need to load to listen.
 */
export const AUTH_CLEARED_EVENT = 'store:auth-cleared';
