import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for a sonner toast with this text and checks its title and kind
 * ('error' is the destructive toast, 'success', or 'default' for plain toast()).
 */
export async function expectToast(
  text: string,
  { title, type }: { title?: string; type?: string } = {},
) {
  // under isolate: false another file may have left a second copy of the toaster (a fresh copy of
  // a lazily loaded form brings its own): the same toast shown twice is still the toast asked for
  const [node] = await screen.findAllByText(text, {}, { timeout: 3000 });
  const toast = node!.closest<HTMLElement>('[data-sonner-toast]');
  expect(toast, `"${text}" is not inside a toast`).not.toBeNull();
  if (title) expect(within(toast!).getAllByText(title).length).toBeGreaterThan(0);
  if (type) expect(toast).toHaveAttribute('data-type', type);
  return toast!;
}
