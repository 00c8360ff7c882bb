import type { ColumnDef } from '@tanstack/react-table';
import { returnStatuses, returnStatusLabels } from '@store/contracts/return-rules';
import { adminReturnListQuerySchema, type AdminReturnRow } from '@store/contracts/admin/returns';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { PagedTable } from '@/components/paged-table';
import {
  codeLinkColumn,
  customerColumn,
  dateTimeColumn,
  moneyColumn,
} from '@/components/table-columns';
import { useUrlQuery } from '@/lib/url-query';
import { useReturns } from '../api/returns';
import { ReturnStatusBadge } from '@/components/return-status-badge';

const columns: ColumnDef<AdminReturnRow, unknown>[] = [
  codeLinkColumn('Return', 'id', (r) => `/returns/${r.id}`),
  codeLinkColumn('Order', 'orderId', (r) => `/orders/${r.orderId}`, { primary: false }),
  dateTimeColumn('Requested', 'createdAt'),
  customerColumn(),
  { header: 'Items', accessorKey: 'itemCount' },
  moneyColumn('Value', 'valuePaise'),
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
      <PagedTable
        query={returns}
        caption="Returns"
        columns={columns}
        onPageChange={(page) => update({ page })}
        empty="No return requests match this filter."
      />
    </div>
  );
}
