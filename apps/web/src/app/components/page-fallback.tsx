/** Shown while a lazy route module downloads. */
export function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-primary/70 border-t-transparent"
      />
    </div>
  );
}
