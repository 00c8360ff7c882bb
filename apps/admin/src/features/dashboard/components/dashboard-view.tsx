import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '@store/contracts/money';
import { stockMessages } from '@store/contracts/stock';
import type { Dashboard } from '@store/contracts/admin/people';
import { formatDate } from '@/lib/format';

// the chart library loads after the numbers are on screen
const RevenueChart = lazy(async () => ({
  default: (await import('./revenue-chart')).RevenueChart,
}));

const periods = [
  { key: 'today', label: 'Today' },
  { key: 'last7Days', label: 'Last 7 days' },
  { key: 'last30Days', label: 'Last 30 days' },
] as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-border bg-card p-4">
      <h2 className="mb-3 font-sans text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ListOrEmpty({ empty, children }: { empty: string; children: ReactNode[] }) {
  return children.length === 0 ? (
    <p className="text-sm text-muted-foreground">{empty}</p>
  ) : (
    <ul className="grid gap-2 text-sm">{children}</ul>
  );
}

export function DashboardView({ data }: { data: Dashboard }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-3">
        {periods.map(({ key, label }) => {
          const period = data[key];
          return (
            <section
              key={key}
              aria-label={label}
              className="rounded-lg border border-border bg-card p-4"
            >
              <h2 className="font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                {label}
              </h2>
              <dl className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-x-4 gap-y-2">
                <div>
                  <dt className="text-xs text-muted-foreground">Revenue</dt>
                  <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">
                    {formatPaise(period.revenuePaise)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Paid orders</dt>
                  <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">
                    {period.paidOrders}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Average order</dt>
                  <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">
                    {formatPaise(period.averageOrderPaise)}
                  </dd>
                </div>
              </dl>
            </section>
          );
        })}
      </div>

      <Panel title="Daily revenue, last 30 days">
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading chart…</p>}>
          <RevenueChart days={data.dailyRevenue} />
        </Suspense>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Orders to ship">
          <ListOrEmpty empty="Nothing to ship.">
            {data.toShip.map((o) => (
              <li key={o.id} className="flex justify-between gap-2">
                <Link to={`/orders/${o.id}`} className="text-primary underline">
                  {o.id} · {o.customerName}
                </Link>
                <span className="whitespace-nowrap">{formatPaise(o.totalPaise)}</span>
              </li>
            ))}
          </ListOrEmpty>
        </Panel>
        <Panel title="Payments needing a refund">
          <ListOrEmpty empty="No refunds due.">
            {data.refundsDue.map((r) => (
              <li key={r.paymentId} className="flex justify-between gap-2">
                <Link to={`/orders/${r.orderId}`} className="text-primary underline">
                  Order {r.orderId} · {formatDate(r.createdAt)}
                </Link>
                <span className="whitespace-nowrap">{formatPaise(r.refundablePaise)}</span>
              </li>
            ))}
          </ListOrEmpty>
        </Panel>
        <Panel title="Low stock">
          <ListOrEmpty empty="Every product is well stocked.">
            {data.lowStock.map((p) => (
              <li
                key={`${p.productId}-${p.size}-${p.color}`}
                className="flex justify-between gap-2"
              >
                <Link to={`/products/${p.productId}`} className="text-primary underline">
                  {p.title}
                  {p.size || p.color ? ` (${[p.size, p.color].filter(Boolean).join(', ')})` : ''}
                </Link>
                <span className="whitespace-nowrap">
                  {p.onHand === 0 ? stockMessages.soldOut : `${p.onHand} left`}
                </span>
              </li>
            ))}
          </ListOrEmpty>
        </Panel>
      </div>
    </div>
  );
}
