import { useSyncExternalStore } from 'react';
import type { StaffSession } from '@store/contracts/admin/common';

/**
 * The back-office session: the staff Bearer token and who it belongs to, in sessionStorage so it
 * ends with the tab (a shared shop computer keeps no admin token once the tab is closed) and never
 * mixes with the storefront's shopper cookie.
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

export function setSession(session: StaffSession): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(session));
  cached = session;
  listeners.forEach((l) => l());
}

export function clearSession(): void {
  window.sessionStorage.removeItem(KEY);
  cached = null;
  listeners.forEach((l) => l());
}

/** Re-read sessionStorage (tests put a session there before rendering). */
export function reloadSession(): void {
  cached = undefined;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in staff session, or null; re-renders on sign-in and sign-out. */
export function useSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export const isOwner = (session: StaffSession | null) => session?.staff.role === 'owner';
