import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ImportExport } from '@/features/catalogue-import/components/import-export';

/** /admin/products/import */
export function ImportRoute() {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/products" className="text-primary underline-offset-2 hover:underline">
          ← Products
        </Link>
      </p>
      <PageHeader title="Import / export" />
      <ImportExport />
    </>
  );
}
