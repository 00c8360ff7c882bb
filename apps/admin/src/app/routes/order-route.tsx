import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderDetail } from '@/features/orders/components/order-detail';

/** /admin/orders/:id */
export function OrderRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/orders" className="text-primary underline">
          ← Orders
        </Link>
      </p>
      <PageHeader title={`Order ${id}`} />
      <QueryState query={order}>{(data) => <OrderDetail order={data} />}</QueryState>
    </>
  );
}
