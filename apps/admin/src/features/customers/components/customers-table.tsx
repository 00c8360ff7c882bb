import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatPaise } from '@store/contracts/money';
import {
  adminCustomerListQuerySchema,
  type adminCustomerRowSchema,
} from '@store/contracts/admin/people';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { formatDate } from '@/lib/format';
import { useUrlQuery } from '@/lib/url-query';
import { useCustomers } from '../api/get-customers';

type Row = z.infer<typeof adminCustomerRowSchema>;

const columns: ColumnDef<Row, unknown>[] = [
  {
    header: 'Customer',
    id: 'name',
    cell: ({ row }) => (
      <Link to={`/customers/${row.original.id}`} className="font-medium text-primary underline">
        {`${row.original.firstName} ${row.original.lastName}`.trim() || row.original.email}
      </Link>
    ),
  },
  { header: 'Email', accessorKey: 'email' },
  {
    header: 'Joined',
    accessorKey: 'createdAt',
    cell: ({ row }) => formatDate(row.original.createdAt),
  },
  { header: 'Orders', accessorKey: 'orderCount' },
  {
    header: 'Spent',
    accessorKey: 'spentPaise',
    cell: ({ row }) => formatPaise(row.original.spentPaise),
  },
  {
    header: 'Last order',
    accessorKey: 'lastOrderAt',
    cell: ({ row }) => (row.original.lastOrderAt ? formatDate(row.original.lastOrderAt) : '—'),
  },
];

export function CustomersTable() {
  const [query, update] = useUrlQuery(adminCustomerListQuerySchema);
  const customers = useCustomers(query);
  return (
    // one column no wider than the screen: a wide table scrolls in its frame, not the page
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <SearchBox
        id="customer-search"
        label="Search customers"
        placeholder="Name or email"
        value={query.q ?? ''}
        onSearch={(q) => update({ q })}
      />
      <PagedTable
        query={customers}
        caption="Customers"
        columns={columns}
        onPageChange={(page) => update({ page })}
        empty="No customers match."
      />
    </div>
  );
}
