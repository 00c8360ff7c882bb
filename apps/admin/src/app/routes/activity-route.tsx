import { PageFallback } from '../components/page-fallback';

export function ActivityRoute() {
  return <PageFallback />;
}
