import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';

/** /admin */
export function DashboardRoute() {
  const dashboard = useDashboard();
  return (
    <>
      <PageHeader title="Dashboard" />
      <QueryState query={dashboard}>{(data) => <DashboardView data={data} />}</QueryState>
    </>
  );
}
