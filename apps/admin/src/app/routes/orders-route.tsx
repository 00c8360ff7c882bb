import { PageFallback } from '../components/page-fallback';

export function OrdersRoute() {
  return <PageFallback />;
}
