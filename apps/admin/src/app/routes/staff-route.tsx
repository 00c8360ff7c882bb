import { PageFallback } from '../components/page-fallback';

export function StaffRoute() {
  return <PageFallback />;
}
