import { PageHeader } from '@/components/page-header';
import { HeldStockTable } from '@/features/held-stock/components/held-stock-table';

/** /admin/held-stock */
export function HeldStockRoute() {
  return (
    <>
      <PageHeader title="Held stock" />
      <HeldStockTable />
    </>
  );
}
