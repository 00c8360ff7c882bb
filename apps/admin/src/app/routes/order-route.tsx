import { PageFallback } from '../components/page-fallback';

export function OrderRoute() {
  return <PageFallback />;
}
