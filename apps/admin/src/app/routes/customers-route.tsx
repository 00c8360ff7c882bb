import { PageFallback } from '../components/page-fallback';

export function CustomersRoute() {
  return <PageFallback />;
}
