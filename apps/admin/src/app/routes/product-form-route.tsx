import { PageFallback } from '../components/page-fallback';

/** Placeholder: the catalogue screens (Product) replace this file. */
export function ProductFormRoute() {
  return <PageFallback />;
}
