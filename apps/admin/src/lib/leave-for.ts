/** Leaves the back office for a page the server draws (the demo outbox); tests replace it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
