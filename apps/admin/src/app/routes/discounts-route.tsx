import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { PageHeader } from '@/components/page-header';
import { DiscountsTable } from '@/features/discounts/components/discounts-table';

/** /admin/discounts */
export function DiscountsRoute() {
  return (
    <>
      <PageHeader
        title="Discounts"
        actions={
          <Link to="/discounts/new" className={buttonVariants()}>
            New discount
          </Link>
        }
      />
      <DiscountsTable />
    </>
  );
}
