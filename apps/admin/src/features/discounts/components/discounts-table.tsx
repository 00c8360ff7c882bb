import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { adminDiscountListQuerySchema, type AdminDiscount } from '@store/contracts/admin/discounts';
import { discountKindLabels, discountScopeLabels } from '@store/contracts/discounts';
import { formatPaise } from '@store/contracts/money';
import { Badge } from '@store/ui/badge';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { formatDateTime } from '@/lib/format';
import { useUrlQuery } from '@/lib/url-query';
import { useDiscounts } from '../api/discounts';

const statusLabels: Record<AdminDiscount['status'], string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  inactive: 'Inactive',
  used_up: 'Used up',
};
const statusTones = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  inactive: 'gray',
  used_up: 'yellow',
} as const;

export function DiscountStatusBadge({ status }: { status: AdminDiscount['status'] }) {
  return <Badge variant={statusTones[status]}>{statusLabels[status]}</Badge>;
}

const columns: ColumnDef<AdminDiscount, unknown>[] = [
  {
    header: 'Discount',
    id: 'discount',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link
          to={`/discounts/${row.original.id}`}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {row.original.code ?? 'Automatic offer'}
        </Link>
        <div className="text-xs text-muted-foreground">{row.original.description}</div>
      </div>
    ),
  },
  { header: 'Type', id: 'kind', cell: ({ row }) => discountKindLabels[row.original.kind] },
  {
    header: 'Applies to',
    id: 'appliesTo',
    cell: ({ row }) => {
      const d = row.original;
      const names =
        d.appliesTo === 'categories'
          ? d.categories.map((c) => c.name)
          : d.appliesTo === 'products'
            ? d.products.map((p) => p.title)
            : [];
      return (
        <div className="min-w-28">
          {discountScopeLabels[d.appliesTo]}
          {names.length ? (
            <div className="text-xs text-muted-foreground">{names.join(', ')}</div>
          ) : null}
        </div>
      );
    },
  },
  {
    header: 'Minimum order',
    id: 'minOrder',
    cell: ({ row }) =>
      row.original.minOrderPaise > 0 ? formatPaise(row.original.minOrderPaise) : '—',
  },
  {
    header: 'Runs',
    id: 'runs',
    cell: ({ row }) => (
      <div className="whitespace-nowrap text-sm">
        <div>From {formatDateTime(row.original.startsAt)}</div>
        <div className="text-muted-foreground">
          {row.original.endsAt ? `to ${formatDateTime(row.original.endsAt)}` : 'No end'}
        </div>
      </div>
    ),
  },
  {
    header: 'Used',
    id: 'used',
    cell: ({ row }) =>
      row.original.usageLimit === null
        ? String(row.original.used)
        : `${row.original.used} of ${row.original.usageLimit}`,
  },
  {
    header: 'Status',
    id: 'status',
    cell: ({ row }) => <DiscountStatusBadge status={row.original.status} />,
  },
];

/** The Discounts table: search by code or name, a status filter and the page, in the URL. */
export function DiscountsTable() {
  const [query, update] = useUrlQuery(adminDiscountListQuerySchema);
  const discounts = useDiscounts(query);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          id="discount-search"
          label="Search discounts"
          placeholder="Code or name"
          value={query.q ?? ''}
          onSearch={(q) => update({ q })}
        />
        <div className="grid gap-1">
          <Label htmlFor="discount-status-filter">Status</Label>
          <Select
            id="discount-status-filter"
            value={query.status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">Any status</option>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <PagedTable
        query={discounts}
        caption="Discounts"
        columns={columns}
        onPageChange={(page) => update({ page })}
        empty="No discounts yet. New discount makes a coupon code or an automatic offer."
      />
    </div>
  );
}
