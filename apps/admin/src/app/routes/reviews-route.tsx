import { PageHeader } from '@/components/page-header';
import { ReviewsTable } from '@/features/reviews/components/reviews-table';

/** /admin/reviews */
export function ReviewsRoute() {
  return (
    <>
      <PageHeader title="Reviews" />
      <ReviewsTable />
    </>
  );
}
