import { act } from '@testing-library/react';

/**
 * What another tab of the store does: writes `key` in the localStorage every tab shares. The
 * browser then sends a `storage` event to the other tabs only, never to the writer, so a test (one
 * window) sends this tab's event by hand. `undefined` removes the key.
 */
export function writeFromOtherTab(key: string, value: unknown): void {
  const oldValue = localStorage.getItem(key);
  const newValue = value === undefined ? null : JSON.stringify(value);
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', {
        key,
        oldValue,
        newValue,
        storageArea: localStorage,
        url: window.location.href,
      }),
    );
  });
}
