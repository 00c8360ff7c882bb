import { PageHeader } from '@/components/page-header';
import { OrdersTable } from '@/features/orders/components/orders-table';

/** /admin/orders */
export function OrdersRoute() {
  return (
    <>
      <PageHeader title="Orders" />
      <OrdersTable />
    </>
  );
}
