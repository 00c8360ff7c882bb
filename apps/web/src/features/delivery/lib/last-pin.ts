import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '@/lib/storage';

/** The PIN the shopper last checked delivery for, so every product page shows their estimate. */
const LAST_PIN_KEY = 'store:delivery-pin';

export function readLastPin(): string {
  const stored = readJson<unknown>(LAST_PIN_KEY, '');
  return typeof stored === 'string' ? stored : '';
}

// the product page's delivery line follows the Check delivery box beside it, and other tabs
const listeners = new Set<() => void>();

export function rememberPin(pin: string): void {
  writeJson(LAST_PIN_KEY, pin);
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_PIN_KEY || event.key === null) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered PIN ('' when none), re-read whenever it is remembered anew. */
export function useLastPin(): string {
  return useSyncExternalStore(subscribe, readLastPin, () => '');
}
