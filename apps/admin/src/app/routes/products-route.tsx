import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { PageHeader } from '@/components/page-header';
import { ProductsTable } from '@/features/products/components/products-table';

/** /admin/products */
export function ProductsRoute() {
  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <>
            <Link to="/products/import" className={buttonVariants({ variant: 'outline' })}>
              Import / export
            </Link>
            <Link to="/products/new" className={buttonVariants()}>
              New product
            </Link>
          </>
        }
      />
      <ProductsTable />
    </>
  );
}
