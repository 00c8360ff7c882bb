import { PageHeader } from '@/components/page-header';
import { ReturnsTable } from '@/features/returns/components/returns-table';

/** /admin/returns */
export function ReturnsRoute() {
  return (
    <>
      <PageHeader title="Returns" />
      <ReturnsTable />
    </>
  );
}
