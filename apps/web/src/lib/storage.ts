/** localStorage that never throws (private mode, quota, disabled storage). */
export function readJson<T>(key: string, fallback: T): T {
  if (typeof window === 'undefined') return fallback;
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the in-memory state still works for this visit.
  }
}

/**
 * Calls `reread` when another tab of the store writes `key`, or clears the storage (key null). The
 * `storage` event fires only in the other tabs of the origin, never in the tab that wrote, so
 * nothing here can loop.
 */
export function onOtherTabWrite(key: string, reread: () => void): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === key || event.key === null) reread();
  });
}
