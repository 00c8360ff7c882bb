import { PageHeader } from '@/components/page-header';
import { CustomersTable } from '@/features/customers/components/customers-table';

/** /admin/customers */
export function CustomersRoute() {
  return (
    <>
      <PageHeader title="Customers" />
      <CustomersTable />
    </>
  );
}
