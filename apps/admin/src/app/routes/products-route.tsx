import { PageFallback } from '../components/page-fallback';

/** Placeholder: the catalogue screens (Products) replace this file. */
export function ProductsRoute() {
  return <PageFallback />;
}
