import { PageFallback } from '../components/page-fallback';

export function SettingsRoute() {
  return <PageFallback />;
}
