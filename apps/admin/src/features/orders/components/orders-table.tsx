import type { ColumnDef } from '@tanstack/react-table';
import { orderStatusKeys, orderStatusLabel, orderStatus } from '@store/contracts/order-rules';
import { adminOrderListQuerySchema, type AdminOrderRow } from '@store/contracts/admin/orders';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import {
  codeLinkColumn,
  customerColumn,
  dateTimeColumn,
  moneyColumn,
} from '@/components/table-columns';
import { useUrlQuery } from '@/lib/url-query';
import { useOrders } from '../api/get-orders';
import { OrderExports } from './order-exports';
import { CodBadge, OrderStatusBadge, PaymentBadge } from './order-status-badge';

const columns: ColumnDef<AdminOrderRow, unknown>[] = [
  codeLinkColumn('Order', 'id', (order) => `/orders/${order.id}`),
  dateTimeColumn('Placed', 'createdAt'),
  customerColumn(),
  { header: 'Items', accessorKey: 'itemCount' },
  moneyColumn('Total', 'totalPaise'),
  {
    header: 'Payment',
    accessorKey: 'payment',
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        <PaymentBadge payment={row.original.payment} />
        <CodBadge codStatus={row.original.codStatus} />
      </div>
    ),
  },
  {
    header: 'Status',
    accessorKey: 'status',
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
  },
];

/** The Orders table: search, status, date range and page, all in the URL. */
export function OrdersTable() {
  const [query, update] = useUrlQuery(adminOrderListQuerySchema);
  const orders = useOrders(query);

  return (
    // one column no wider than the screen: a wide table scrolls in its frame, not the page
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          id="order-search"
          label="Search orders"
          placeholder="Order id, email or phone"
          value={query.q ?? ''}
          onSearch={(q) => update({ q })}
        />
        <div className="grid gap-1">
          <Label htmlFor="order-status">Status</Label>
          <Select
            id="order-status"
            value={query.status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">All statuses</option>
            {orderStatusKeys.map((key) => (
              <option key={key} value={key}>
                {orderStatusLabel(orderStatus[key])}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="order-cod">Cash on delivery</Label>
          <Select
            id="order-cod"
            value={query.cod ?? ''}
            onChange={(e) => update({ cod: e.target.value })}
          >
            <option value="">All orders</option>
            <option value="to_collect">COD · to collect</option>
            <option value="collected">COD · collected</option>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="order-from">From</Label>
          <Input
            id="order-from"
            type="date"
            value={query.from ?? ''}
            onChange={(e) => update({ from: e.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="order-to">To</Label>
          <Input
            id="order-to"
            type="date"
            value={query.to ?? ''}
            onChange={(e) => update({ to: e.target.value })}
          />
        </div>
      </div>
      <OrderExports query={query} />
      <PagedTable
        query={orders}
        caption="Orders"
        columns={columns}
        onPageChange={(page) => update({ page })}
        empty="No orders match these filters."
      />
    </div>
  );
}
