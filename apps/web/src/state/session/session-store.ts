import { create } from 'zustand';
import { AUTH_CLEARED_EVENT, getAuthToken } from '@/lib/cookies';
import { onOtherTabWrite, writeJson } from '@/lib/storage';

/**
 * The client knows only the email typed at login (spec section 3). After a reload, or a login in
 * another tab, the cookie is all there is, so the user is a placeholder with an empty email.
 */
export interface SessionUser {
  email: string;
}

const userFor = (token: string | undefined): SessionUser | null => (token ? { email: '' } : null);

/**
 * Not persisted: the auth_token cookie is the session's only record (spec section 4), and this
 * store follows it.
 */
export const useSessionStore = create<{ user: SessionUser | null }>()(() => ({ user: null }));
// The initial state (signed out) is what a server-rendered page shows and what React hydrates
// against (zustand's server snapshot); the cookie's session is this state's first change.
useSessionStore.setState({ user: userFor(getAuthToken()) });

/**
 * Another tab learns of a login or logout here. The cookie is shared but fires no event (the Cookie
 * Store API's change event is Chromium-only), so the tab that changed it writes a nonce under this
 * key and the others get a `storage` event: the same event that keeps the cart and wishlist in step,
 * so one mechanism (and one way to test it) for all three, with nothing to open or close per tab.
 * BroadcastChannel would also do, as a second mechanism. The ping carries no token and no email.
 * With storage disabled the other tabs catch up on their next reload or 401; the cookie stays right.
 */
export const SESSION_CHANGED_KEY = 'session-changed';

export const tellOtherTabs = () => writeJson(SESSION_CHANGED_KEY, Math.random());

/** The token this tab last saw, so a ping about a token it already follows changes nothing. */
let knownToken = getAuthToken();

/**
 * Drops the cached private data (the query client's user-scoped queries) on login, logout and 401;
 * it must act synchronously. The query client is not on the entry chunk, so the app shell registers
 * it (`setForgetUserData`) rather than the session importing the query client.
 */
let forgetUserData: (() => void) | undefined;

/** Registers what drops the user's cached data (the app shell, when it mounts). */
export function setForgetUserData(forget: (() => void) | undefined): void {
  forgetUserData = forget;
}

/**
 * The session moved to `token` (undefined: signed out): the user's cached data goes. This tab's
 * own sign-in and sign-out (sign-in-out.ts, loaded with the screens that do them) come here too.
 */
export function follow(token: string | undefined, user: SessionUser | null): void {
  knownToken = token;
  forgetUserData?.();
  useSessionStore.setState({ user });
}

/**
 * Follows the cookie when something other than this tab's login/logout changed it: another tab
 * logged in or out, or (tests) the cookie was set before a render. A different token may be a
 * different user, so their cached data goes; no toast, the shopper did nothing in this tab.
 */
export function followAuthCookie(): void {
  const token = getAuthToken();
  if (token !== knownToken) follow(token, userFor(token));
}

// A 401 from any call deletes the cookie (api client); this tab follows, and tells the others.
if (typeof window !== 'undefined')
  window.addEventListener(AUTH_CLEARED_EVENT, () => {
    follow(undefined, null);
    tellOtherTabs();
  });

onOtherTabWrite(SESSION_CHANGED_KEY, followAuthCookie);
