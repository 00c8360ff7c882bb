import { lazy, useEffect, type ComponentProps } from 'react';
import type { ExternalToast, Toaster as SonnerToaster } from 'sonner';

/**
 * Toasts through sonner, loaded after first paint so it stays out of the entry chunk (the home page
 * JS budget). Calls made before the toaster is mounted wait for it instead of being lost.
 * Use `toast.error` for the spec's destructive toasts.
 */
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
const loadSonner = () => import('sonner');

type ToastOptions = Pick<ExternalToast, 'description' | 'duration' | 'id' | 'action'>;
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, title: string, options?: ToastOptions): void {
  void Promise.all([loadSonner(), toasterReady]).then(([{ toast: sonner }]) => {
    sonner[kind](title, options);
  });
}

export const toast = Object.assign(
  (title: string, options?: ToastOptions) => show('message', title, options),
  {
    success: (title: string, options?: ToastOptions) => show('success', title, options),
    error: (title: string, options?: ToastOptions) => show('error', title, options),
    info: (title: string, options?: ToastOptions) => show('info', title, options),
    warning: (title: string, options?: ToastOptions) => show('warning', title, options),
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
