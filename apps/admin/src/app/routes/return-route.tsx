import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useReturn } from '@/features/returns/api/returns';
import { ReturnDetail } from '@/features/returns/components/return-detail';

/** /admin/returns/:id */
export function ReturnRoute() {
  const { id = '' } = useParams();
  const detail = useReturn(id);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/returns" className="text-primary underline">
          ← Returns
        </Link>
      </p>
      <PageHeader title={`Return ${id}`} />
      <QueryState query={detail}>{(data) => <ReturnDetail detail={data} />}</QueryState>
    </>
  );
}
