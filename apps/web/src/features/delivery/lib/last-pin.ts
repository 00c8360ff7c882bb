import { readJson, writeJson } from '@/lib/storage';

/** The PIN the shopper last checked delivery for, so every product page shows their estimate. */
const LAST_PIN_KEY = 'store:delivery-pin';

export function readLastPin(): string {
  const stored = readJson<unknown>(LAST_PIN_KEY, '');
  return typeof stored === 'string' ? stored : '';
}

export function rememberPin(pin: string): void {
  writeJson(LAST_PIN_KEY, pin);
}
