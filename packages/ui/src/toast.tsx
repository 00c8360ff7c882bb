import { lazy, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type { ExternalToast, Toaster as SonnerToaster } from 'sonner';

/**
 * Toasts through sonner, loaded with the first toast (or the shopper's first tap or key press), so
 * it stays out of the JavaScript a page loads before it is idle (9 KB gzip, the pages' JS budget).
 * Calls made before the toaster is mounted wait for it instead of being lost.
 * Use `toast.error` for the spec's destructive toasts. A success toast closes the error toasts
 * shown before it: an error from a failed try must not stay on screen once a later try worked
 * (a wrong password, then the right one). A success that shows no toast of its own (an order
 * placed, then the payment page) calls `toast.dismissErrors()`.
 */
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
const loadSonner = () => import('sonner');

type ToastOptions = Pick<ExternalToast, 'description' | 'duration' | 'id' | 'action'>;
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

/** Ids of the error toasts shown since the last success (sonner ignores ids already closed). */
let errorIds: (string | number)[] = [];

/** Whether a toast has been asked for: the toaster mounts, and sonner loads, from then on. */
let wanted = false;
const wantedListeners = new Set<() => void>();
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}
const subscribeWanted = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};

function show(kind: Kind, title: string, options?: ToastOptions): void {
  want();
  void Promise.all([loadSonner(), toasterReady]).then(([{ toast: sonner }]) => {
    if (kind === 'success') dismissShownErrors(sonner);
    const id = sonner[kind](title, options);
    if (kind === 'error') errorIds.push(id);
  });
}

function dismissShownErrors(sonner: { dismiss: (id: string | number) => unknown }): void {
  for (const id of errorIds) sonner.dismiss(id);
  errorIds = [];
}

/** Queued like a toast, so it also closes an error toast still waiting for the toaster. */
function dismissErrors(): void {
  // no toast asked for yet: no error toast to close, and no reason to load sonner
  if (!wanted) return;
  void Promise.all([loadSonner(), toasterReady]).then(([{ toast: sonner }]) =>
    dismissShownErrors(sonner),
  );
}

export const toast = Object.assign(
  (title: string, options?: ToastOptions) => show('message', title, options),
  {
    success: (title: string, options?: ToastOptions) => show('success', title, options),
    error: (title: string, options?: ToastOptions) => show('error', title, options),
    info: (title: string, options?: ToastOptions) => show('info', title, options),
    warning: (title: string, options?: ToastOptions) => show('warning', title, options),
    dismissErrors,
  },
);

const LazyToaster = lazy(async () => {
  const { Toaster: Sonner } = await loadSonner();
  function ReadyToaster(props: ComponentProps<typeof SonnerToaster>) {
    // Runs after sonner's own effect has subscribed to the toast queue.
    useEffect(() => markReady(), []);
    return <Sonner {...props} />;
  }
  return { default: ReadyToaster };
});

/**
 * The toaster: nothing until the first toast is asked for. The shopper's first tap or key press
 * fetches sonner ahead of it, so that first toast does not wait for the download.
 */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const isWanted = useSyncExternalStore(
    subscribeWanted,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (isWanted) return;
    const prefetch = () => void loadSonner();
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('pointerdown', prefetch, options);
    window.addEventListener('keydown', prefetch, options);
    return () => {
      window.removeEventListener('pointerdown', prefetch, options);
      window.removeEventListener('keydown', prefetch, options);
    };
  }, [isWanted]);
  return isWanted ? <LazyToaster {...props} /> : null;
}
