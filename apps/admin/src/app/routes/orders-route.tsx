import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { PageHeader } from '@/components/page-header';
import { OrdersTable } from '@/features/orders/components/orders-table';

/** /admin/orders */
export function OrdersRoute() {
  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <Link to="/orders/new" className={buttonVariants()}>
            New order
          </Link>
        }
      />
      <OrdersTable />
    </>
  );
}
