// The shopper's sign-in as the browser keeps it. Its own module, no zod import: the web entry
// chunk and the server's page answer both read it.

/**
 * The cookie the storefront keeps the shopper's token in (apps/web lib/cookies.ts). The API reads
 * the token from the Authorization header, never from this cookie; the server's page answer only
 * looks at whether it is there, to draw the navigation bar as a signed-in shopper will see it.
 */
export const AUTH_COOKIE = 'auth_token';

/** Whether a Cookie header carries a (non-empty) sign-in cookie. */
export function hasAuthCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => {
    const [name, value] = part.trim().split('=', 2);
    return name === AUTH_COOKIE && Boolean(value);
  });
}
