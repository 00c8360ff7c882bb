import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { NewOrderForm } from '@/features/new-order/components/new-order-form';

/** /admin/orders/new: an order taken by phone or WhatsApp */
export function NewOrderRoute() {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/orders" className="text-primary underline-offset-2 hover:underline">
          ← Orders
        </Link>
      </p>
      <PageHeader title="New order" />
      <NewOrderForm />
    </>
  );
}
