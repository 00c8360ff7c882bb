import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EditDiscount, NewDiscount } from '@/features/discounts/components/discount-editor';

/** /admin/discounts/new and /admin/discounts/:id */
export function DiscountFormRoute() {
  const { id } = useParams();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/discounts" className="text-primary underline-offset-2 hover:underline">
          ← Discounts
        </Link>
      </p>
      <PageHeader title={id ? 'Edit discount' : 'New discount'} />
      {id ? <EditDiscount key={id} id={id} /> : <NewDiscount />}
    </>
  );
}
