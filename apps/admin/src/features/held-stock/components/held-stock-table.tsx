import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { holdKindLabels, type StockHolder } from '@store/contracts/admin/held-stock';
import { formatPaise } from '@store/contracts/money';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/format';
import { useHeldStock } from '../api/get-held-stock';

const columns: ColumnDef<StockHolder, unknown>[] = [
  {
    header: 'Customer',
    id: 'customer',
    cell: ({ row }) => (
      <div className="grid">
        <Link
          to={`/customers/${row.original.userId}`}
          className="font-medium text-primary underline"
        >
          {row.original.name || row.original.email}
        </Link>
        <span className="text-xs text-muted-foreground">{row.original.email}</span>
      </div>
    ),
  },
  {
    header: 'Open orders',
    id: 'orders',
    cell: ({ row }) => (
      <ul className="grid gap-1">
        {row.original.orders.map((order) => (
          <li key={order.id}>
            <Link to={`/orders/${order.id}`} className="font-mono text-primary underline">
              {order.id}
            </Link>{' '}
            <span className="text-muted-foreground">
              {holdKindLabels[order.kind]} · {formatPaise(order.totalPaise)} · lapses{' '}
              {formatDateTime(order.lapsesAt)}
            </span>
          </li>
        ))}
      </ul>
    ),
  },
  {
    header: 'Units held',
    id: 'products',
    cell: ({ row }) => (
      <ul className="grid gap-1">
        {row.original.products.map((product) => (
          <li key={product.productId ?? product.title}>
            {product.units} × {product.title}
          </li>
        ))}
      </ul>
    ),
  },
  {
    header: 'Next lapse',
    accessorKey: 'nextLapseAt',
    cell: ({ row }) => formatDateTime(row.original.nextLapseAt),
  },
];

/**
 * Who holds stock without money (unpaid orders, cash on delivery not yet confirmed), what and
 * until when: the caps keep each shopper small, this shows the owner the whole picture.
 */
export function HeldStockTable() {
  const held = useHeldStock();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <QueryState query={held}>
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              Each shopper may have at most {data.maxOpenOrders} orders waiting for payment or
              confirmation, holding at most {data.maxHeldUnits} units of one product (Store
              settings, Orders and stock). Unpaid orders lapse after the payment window; cash on
              delivery lapses unless confirmed on the order page.
            </p>
            <DataTable
              caption="Held stock"
              columns={columns}
              data={data.holders}
              total={data.holders.length}
              page={1}
              limit={Math.max(data.holders.length, 1)}
              onPageChange={() => {}}
              empty="No shopper is holding stock without paying."
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
