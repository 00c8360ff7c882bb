import { useSyncExternalStore } from 'react';
import { normalizeCouponCode } from '@store/contracts/discounts';

// The Coupon code the shopper applied, from the cart to the checkout: kept for this tab only
// (sessionStorage), so a code does not follow a shared computer's next visitor. Whether it
// applies is the server's answer (the quote), asked again as the cart changes.

const KEY = 'coupon';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let current: string | null = typeof window === 'undefined' ? null : read();

/** Applies a code (as the server reads it: no spaces, upper case), or removes it (null). */
export function setAppliedCoupon(code: string | null): void {
  const next = code ? normalizeCouponCode(code) || null : null;
  current = next;
  try {
    if (next) window.sessionStorage.setItem(KEY, next);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the code still holds for this page
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The applied code, or null; re-renders when it changes. */
export function useAppliedCoupon(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
