import { PageFallback } from '../components/page-fallback';

export function CustomerRoute() {
  return <PageFallback />;
}
