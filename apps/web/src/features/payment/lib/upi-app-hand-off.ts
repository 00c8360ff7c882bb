import { useEffect, useState } from 'react';

/**
 * How long a UPI app gets to take over after the upi:// link is opened. An app that opens hides
 * the page well within a second; a phone without one does nothing at all, so after this the page
 * says so instead of leaving the shopper on a form that seems to ignore them.
 */
export const UPI_APP_WAIT_MS = 1800;

/**
 * Calls `onNoApp` when the page is still visible and focused `waitMs` after a link was handed to
 * another app. Any sign that the app (or the system's app chooser) came up, the page hidden or the
 * window losing focus, cancels it. Returns the cleanup.
 */
export function watchAppHandOff(onNoApp: () => void, waitMs = UPI_APP_WAIT_MS): () => void {
  let appOpened = false;
  const opened = () => {
    appOpened = true;
  };
  const visibilityChanged = () => {
    if (document.visibilityState === 'hidden') opened();
  };
  document.addEventListener('visibilitychange', visibilityChanged);
  window.addEventListener('blur', opened);
  window.addEventListener('pagehide', opened);
  const stop = () => {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', visibilityChanged);
    window.removeEventListener('blur', opened);
    window.removeEventListener('pagehide', opened);
  };
  const timer = window.setTimeout(() => {
    stop();
    if (!appOpened && document.visibilityState === 'visible') onNoApp();
  }, waitMs);
  return stop;
}

/**
 * True once no app took over the hand-off `attempt` (a new object per payment attempt; null when
 * no link was handed over). A new attempt starts the watch afresh.
 */
export function useNoAppOpened(attempt: object | null): boolean {
  const [missed, setMissed] = useState<object | null>(null);
  useEffect(() => {
    if (!attempt) return;
    return watchAppHandOff(() => setMissed(attempt));
  }, [attempt]);
  return attempt !== null && missed === attempt;
}
