import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatPaise } from '@store/contracts/money';
import { returnStatuses, returnStatusLabels } from '@store/contracts/return-rules';
import { adminReturnListQuerySchema, type AdminReturnRow } from '@store/contracts/admin/returns';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/format';
import { useUrlQuery } from '@/lib/url-query';
import { useReturns } from '../api/returns';
import { ReturnStatusBadge } from '@/components/return-status-badge';

const columns: ColumnDef<AdminReturnRow, unknown>[] = [
  {
    header: 'Return',
    accessorKey: 'id',
    cell: ({ row }) => (
      <Link
        to={`/returns/${row.original.id}`}
        className="font-mono font-medium text-primary underline-offset-2 hover:underline"
      >
        {row.original.id}
      </Link>
    ),
  },
  {
    header: 'Order',
    accessorKey: 'orderId',
    cell: ({ row }) => (
      <Link
        to={`/orders/${row.original.orderId}`}
        className="font-mono underline-offset-2 hover:underline"
      >
        {row.original.orderId}
      </Link>
    ),
  },
  {
    header: 'Requested',
    accessorKey: 'createdAt',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>
    ),
  },
  {
    header: 'Customer',
    accessorKey: 'customerName',
    cell: ({ row }) => (
      <div>
        <div>{row.original.customerName}</div>
        <div className="text-xs text-muted-foreground">{row.original.contactEmail}</div>
      </div>
    ),
  },
  { header: 'Items', accessorKey: 'itemCount' },
  {
    header: 'Value',
    accessorKey: 'valuePaise',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatPaise(row.original.valuePaise)}</span>
    ),
  },
  {
    header: 'Status',
    accessorKey: 'status',
    cell: ({ row }) => <ReturnStatusBadge status={row.original.status} />,
  },
];

/** The Returns table: newest first, filtered by state (in the URL). */
export function ReturnsTable() {
  const [query, update] = useUrlQuery(adminReturnListQuerySchema);
  const returns = useReturns(query);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid w-fit gap-1">
        <Label htmlFor="return-status">Status</Label>
        <Select
          id="return-status"
          value={query.status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
        >
          <option value="">All returns</option>
          {returnStatuses.map((s) => (
            <option key={s} value={s}>
              {returnStatusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <QueryState query={returns}>
        {(list) => (
          <DataTable
            caption="Returns"
            columns={columns}
            data={list.data}
            total={list.total}
            page={list.page}
            limit={list.limit}
            fetching={returns.isPlaceholderData}
            onPageChange={(page) => update({ page })}
            empty="No return requests match this filter."
          />
        )}
      </QueryState>
    </div>
  );
}
