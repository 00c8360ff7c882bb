import { PageFallback } from '../components/page-fallback';

/** Placeholder: the catalogue screens (Import and export) replace this file. */
export function ImportRoute() {
  return <PageFallback />;
}
