import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  reviewStatuses,
  reviewStatusLabels,
  type ReviewStatus,
} from '@store/contracts/review-rules';
import { adminReviewListQuerySchema, type AdminReviewRow } from '@store/contracts/admin/reviews';
import { Badge } from '@store/ui/badge';
import { Button } from '@store/ui/button';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { PagedTable } from '@/components/paged-table';
import { dateTimeColumn } from '@/components/table-columns';
import { useUrlQuery } from '@/lib/url-query';
import { useModerateReview, useReviews } from '../api/reviews';

const tones: Record<ReviewStatus, 'yellow' | 'green' | 'gray'> = {
  pending: 'yellow',
  published: 'green',
  hidden: 'gray',
};

/** ★★★★☆ with the number for screen readers. */
function Stars({ rating }: { rating: number }) {
  return (
    <span
      role="img"
      className="whitespace-nowrap text-amber-600"
      aria-label={`${rating} out of 5 stars`}
    >
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>
    </span>
  );
}

/** Publish for a review not shown, Hide for one that is. */
function Actions({ row }: { row: AdminReviewRow }) {
  const moderate = useModerateReview();
  const action = row.status === 'published' ? 'hide' : 'publish';
  return (
    <Button
      size="sm"
      variant={action === 'publish' ? 'default' : 'outline'}
      disabled={moderate.isPending}
      aria-label={`${action === 'publish' ? 'Publish' : 'Hide'} review “${row.title}”`}
      onClick={() => moderate.mutate({ id: row.id, action })}
    >
      {action === 'publish' ? 'Publish' : 'Hide'}
    </Button>
  );
}

const columns: ColumnDef<AdminReviewRow, unknown>[] = [
  {
    header: 'Status',
    accessorKey: 'status',
    cell: ({ row }) => (
      <Badge variant={tones[row.original.status]}>{reviewStatusLabels[row.original.status]}</Badge>
    ),
  },
  {
    header: 'Product',
    accessorKey: 'productTitle',
    cell: ({ row }) => (
      <Link
        to={`/products/${row.original.productId}`}
        className="underline-offset-2 hover:underline"
      >
        {row.original.productTitle}
      </Link>
    ),
  },
  {
    header: 'Stars',
    accessorKey: 'rating',
    cell: ({ row }) => <Stars rating={row.original.rating} />,
  },
  {
    header: 'Review',
    accessorKey: 'title',
    cell: ({ row }) => (
      <div className="max-w-md">
        <div className="font-medium">{row.original.title}</div>
        <div className="whitespace-pre-line text-sm text-muted-foreground">{row.original.text}</div>
      </div>
    ),
  },
  { header: 'Shopper', accessorKey: 'customerName' },
  dateTimeColumn('Date', 'createdAt'),
  { header: 'Actions', id: 'actions', cell: ({ row }) => <Actions row={row.original} /> },
];

/** The Reviews table: newest first, filtered by status (in the URL), with Publish and Hide. */
export function ReviewsTable() {
  const [query, update] = useUrlQuery(adminReviewListQuerySchema);
  const reviews = useReviews(query);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid w-fit gap-1">
        <Label htmlFor="review-status">Status</Label>
        <Select
          id="review-status"
          value={query.status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
        >
          <option value="">All reviews</option>
          {reviewStatuses.map((s) => (
            <option key={s} value={s}>
              {reviewStatusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <PagedTable
        query={reviews}
        caption="Reviews"
        columns={columns}
        onPageChange={(page) => update({ page })}
        empty="No reviews match this filter."
      />
    </div>
  );
}
