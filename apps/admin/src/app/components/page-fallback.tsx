/** Shown while a route's code or first data loads. */
export function PageFallback() {
  return (
    <p role="status" className="p-6 text-sm text-muted-foreground">
      Loading…
    </p>
  );
}
