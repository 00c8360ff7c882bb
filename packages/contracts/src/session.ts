// The shopper's sign-in as the browser keeps it. Its own module, no zod import: the web app's
// cookie helpers and the server's page answer both read it.

/**
 * The cookie the storefront keeps the shopper's token in (apps/web lib/cookies.ts). The API reads
 * the token from the Authorization header, never from this cookie; the server's page answer only
 * looks at whether it is there, to draw the navigation bar as a signed-in shopper will see it.
 */
export const AUTH_COOKIE = 'auth_token';

/**
 * The value of cookie `name` in a Cookie header (or `document.cookie`), decoded; undefined when
 * it is not there. A value that is not valid percent-encoding is given as it is.
 */
export function cookieValue(cookies: string | undefined, name: string): string | undefined {
  if (!cookies) return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of cookies.split(';')) {
    const trimmed = part.trim();
    if (!trimmed.startsWith(prefix)) continue;
    const value = trimmed.slice(prefix.length);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Whether a Cookie header carries a (non-empty) sign-in cookie. */
export const hasAuthCookie = (cookieHeader: string | undefined): boolean =>
  Boolean(cookieValue(cookieHeader, AUTH_COOKIE));
