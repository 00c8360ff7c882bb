import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useCustomer } from '@/features/customers/api/get-customer';
import { CustomerDetail } from '@/features/customers/components/customer-detail';

/** /admin/customers/:id */
export function CustomerRoute() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const name = customer.data
    ? `${customer.data.firstName} ${customer.data.lastName}`.trim() || customer.data.email
    : 'Customer';
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/customers" className="text-primary underline">
          ← Customers
        </Link>
      </p>
      <PageHeader title={name} />
      <QueryState query={customer}>{(data) => <CustomerDetail customer={data} />}</QueryState>
    </>
  );
}
