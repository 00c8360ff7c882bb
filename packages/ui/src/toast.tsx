import { lazy, useEffect, type ComponentProps } from 'react';
import type { ExternalToast, Toaster as SonnerToaster } from 'sonner';

/**
 * Toasts through sonner, loaded after first paint so it stays out of the entry chunk (the home page
 * JS budget). Calls made before the toaster is mounted wait for it instead of being lost.
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

function show(kind: Kind, title: string, options?: ToastOptions): void {
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

export const Toaster = lazy(async () => {
  const { Toaster: Sonner } = await loadSonner();
  function ReadyToaster(props: ComponentProps<typeof SonnerToaster>) {
    // Runs after sonner's own effect has subscribed to the toast queue.
    useEffect(() => markReady(), []);
    return <Sonner {...props} />;
  }
  return { default: ReadyToaster };
});
