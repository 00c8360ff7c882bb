import { useSyncExternalStore } from 'react';
import type { StaffSession } from '@store/contracts/admin/common';

/**
 * The back-office session: the staff Bearer token and who it belongs to, in sessionStorage so it
 * ends with the tab (a shared shop computer keeps no admin token once the tab is closed) and never
 * mixes with the storefront's shopper cookie. A tab opened from a signed-in one (an order in a new
 * tab) asks the open tabs for it over a BroadcastChannel (same origin only) instead of asking the
 * owner to sign in again; signing out in one tab signs out all. Once every tab is closed the token
 * is gone, as before.
 */
const KEY = 'admin_session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: StaffSession | null | undefined;

function read(): StaffSession | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StaffSession;
    if (!session.token || Date.parse(session.expiresAt) <= Date.now()) return null;
    return session;
  } catch {
    return null;
  }
}

export function getSession(): StaffSession | null {
  if (cached === undefined) cached = read();
  return cached;
}

function store(session: StaffSession | null): void {
  if (session) window.sessionStorage.setItem(KEY, JSON.stringify(session));
  else window.sessionStorage.removeItem(KEY);
  cached = session;
  listeners.forEach((l) => l());
}

export function setSession(session: StaffSession): void {
  store(session);
}

export function clearSession(): void {
  store(null);
  tabs()?.postMessage({ kind: 'signed-out' } satisfies TabMessage);
}

type TabMessage =
  { kind: 'asking' } | { kind: 'session'; session: StaffSession } | { kind: 'signed-out' };

let channel: BroadcastChannel | null | undefined;
/** The channel the back office's tabs share; null where the browser has none. */
function tabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(KEY) : null;
  channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    const mine = getSession();
    if (message.kind === 'asking' && mine)
      channel!.postMessage({ kind: 'session', session: mine } satisfies TabMessage);
    else if (message.kind === 'session' && !mine && message.session?.token) store(message.session);
    else if (message.kind === 'signed-out' && mine) store(null);
  });
  return channel;
}

/**
 * Joins the other back-office tabs: without a session of its own, this tab asks them for theirs
 * and waits at most `waitMs` for an answer (an open tab answers within a few milliseconds).
 */
export async function joinOtherTabs(waitMs = 300): Promise<void> {
  const channel = tabs();
  if (!channel || getSession()) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, waitMs);
    const unsubscribe = subscribe(() => getSession() && done());
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
    channel.postMessage({ kind: 'asking' } satisfies TabMessage);
  });
}

/** Re-read sessionStorage (tests put a session there before rendering). */
export function reloadSession(): void {
  cached = undefined;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The signed-in staff session, or null; re-renders on sign-in and sign-out. */
export function useSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export const isOwner = (session: StaffSession | null) => session?.staff.role === 'owner';
