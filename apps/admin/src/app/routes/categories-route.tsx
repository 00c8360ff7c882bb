import { PageHeader } from '@/components/page-header';
import { CategoriesManager } from '@/features/categories/components/categories-manager';

/** /admin/categories */
export function CategoriesRoute() {
  return (
    <>
      <PageHeader title="Categories" />
      <CategoriesManager />
    </>
  );
}
