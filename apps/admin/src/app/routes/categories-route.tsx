import { PageFallback } from '../components/page-fallback';

/** Placeholder: the catalogue screens (Categories) replace this file. */
export function CategoriesRoute() {
  return <PageFallback />;
}
