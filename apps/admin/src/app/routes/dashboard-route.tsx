import { PageFallback } from '../components/page-fallback';

export function DashboardRoute() {
  return <PageFallback />;
}
