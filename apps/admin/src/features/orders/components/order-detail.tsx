import type { CodCodeReason } from '@store/contracts/cod-codes';
import { countOf } from '@store/contracts/text';
import type { ReactNode } from 'react';
import { trackingLink } from '@store/contracts/carriers';
import { formatPaise } from '@store/contracts/money';
import { EWAY_BILL_LIMIT_PAISE, needsEwayBill } from '@store/contracts/gst';
import { orderStatus } from '@store/contracts/order-rules';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useOrderAction, type OrderActionRequest } from '../api/order-actions';
import { RecordPaymentForm, RecordRefundForm, ShipForm } from './action-forms';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CodCollectionDialog } from './cod-collection-dialog';
import { OrderDocuments, PackingSlipButton } from './order-documents';
import { OrderNotes } from './order-notes';
import { OrderReturns } from './order-returns';
import { OrderShipment } from './order-shipment';
import { ReturnUndeliveredDialog } from './return-undelivered-dialog';
import { CodBadge, OrderStatusBadge, PaymentBadge } from './order-status-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-border bg-card p-4" aria-label={title}>
      <h2 className="mb-3 font-sans text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Subtotal, each discount (the code's and automatic offers, as the shopper saw them) and delivery,
 * above the total: the total is subtotal − discount + delivery.
 */
function OrderMoneyRows({ order }: { order: AdminOrderDetail }) {
  const offers = (order.offers ?? []).filter((o) => o.goodsPaise > 0);
  const row = (label: string, value: string, key = label) => (
    <tr key={key} className="border-t border-border">
      <th scope="row" colSpan={3} className="py-1 pr-3 text-left font-normal">
        {label}
      </th>
      <td className="py-1 text-right">{value}</td>
    </tr>
  );
  return (
    <>
      {order.subtotalPaise !== undefined ? row('Subtotal', formatPaise(order.subtotalPaise)) : null}
      {offers.map((o, i) =>
        row(
          `Discount (${o.code ? `${o.code}: ` : ''}${o.description})`,
          `−${formatPaise(o.goodsPaise)}`,
          `offer-${i}`,
        ),
      )}
      {row('Delivery', order.deliveryPaise ? formatPaise(order.deliveryPaise) : 'Free')}
      {order.codFeePaise ? row('Cash on delivery fee', formatPaise(order.codFeePaise)) : null}
    </>
  );
}

/** The order page: what was bought, where it goes, the money, what happened, and what to do next. */
const codCodeReasonWords: Record<CodCodeReason, string> = {
  value: 'above the value set in Settings',
  phone: 'this phone refused a parcel before',
  pin: 'parcels to this PIN were refused before',
};
const codCodeReasonText = (reasons: readonly CodCodeReason[]) =>
  reasons.map((r) => codCodeReasonWords[r]).join('; ');

export function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order.id);
  const run = (request: OrderActionRequest) => action.mutateAsync(request);
  const address = order.shippingAddress;
  const link = order.trackingNumber ? trackingLink(order.carrier, order.trackingNumber) : null;
  const can = (a: AdminOrderDetail['actions'][number]) => order.actions.includes(a);

  const deliver = async () => {
    try {
      await run({ kind: 'deliver' });
      toast.success('Order marked delivered');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const confirmCod = async () => {
    try {
      await run({ kind: 'confirm_cod' });
      toast.success('Order confirmed for cash on delivery');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-6">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <PaymentBadge payment={order.payment} />
          <CodBadge codStatus={order.codStatus} />
          <span className="text-sm text-muted-foreground">
            Placed {formatDateTime(order.createdAt)}
          </span>
        </div>
        {order.codStatus === 'to_collect' ? (
          <p className="text-sm">
            <strong>Cash on delivery:</strong> to collect {formatPaise(order.totalPaise)}
            {can('confirm_cod')
              ? order.codCode
                ? `. Waiting for the shopper's confirmation code (${codCodeReasonText(order.codCode.reasons)}; ${order.codCode.sends} sent): it cannot ship until they type it or you confirm it after a call, and it is cancelled unless confirmed in time.`
                : '. Not confirmed yet: it is cancelled and its stock returned unless you confirm or ship it in time.'
              : order.codConfirmedAt
                ? `, confirmed ${formatDateTime(order.codConfirmedAt)}${order.codCode?.confirmedAt ? ' by the shopper with the code' : ''}`
                : ''}
          </p>
        ) : order.codStatus === 'collected' ? (
          <p className="text-sm">
            <strong>Cash on delivery:</strong> collected {formatPaise(order.totalPaise)}
          </p>
        ) : null}
        {needsEwayBill(order.totalPaise) && order.status !== orderStatus.cancelled ? (
          // nothing here generates the bill (docs/decisions/gst-invoices.md): staff must, before dispatch
          <p
            role="note"
            className="rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
          >
            <strong>E-way bill needed:</strong> this order is worth more than{' '}
            {formatPaise(EWAY_BILL_LIMIT_PAISE)}. Generate an e-way bill on the e-way bill portal
            before the goods are dispatched, and send it with the parcel.
          </p>
        ) : null}
        {order.cancelReason ? (
          <p className="text-sm">
            <strong>Cancel reason:</strong> {order.cancelReason}
          </p>
        ) : null}

        <Section title="Items">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Items</caption>
              <thead className="text-xs uppercase text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Item
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Qty
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Price
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Line
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item, i) => (
                  <tr key={i} className="border-t border-border">
                    <td className="py-2 pr-3">
                      {item.title}
                      {item.size || item.color ? (
                        <span className="block text-xs text-muted-foreground">
                          {[item.size, item.color].filter(Boolean).join(' · ')}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{item.quantity}</td>
                    <td className="py-2 pr-3">{formatPaise(item.unitPricePaise)}</td>
                    <td className="py-2 text-right">
                      {formatPaise(item.unitPricePaise * item.quantity)}
                      {item.discountPaise ? (
                        <span className="block text-xs text-muted-foreground">
                          −{formatPaise(item.discountPaise)} discount
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <OrderMoneyRows order={order} />
                <tr className="border-t border-border font-semibold">
                  <th scope="row" colSpan={3} className="py-2 pr-3 text-left">
                    Total ({countOf(order.itemCount, 'item')})
                  </th>
                  <td className="py-2 text-right">{formatPaise(order.totalPaise)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </Section>

        <div className="grid gap-6 md:grid-cols-2">
          <Section title="Shipping address">
            <address className="text-sm not-italic leading-relaxed">
              {address.fullName}
              <br />
              {address.address}
              <br />
              {address.city}, {address.state} {address.postalCode}
              <br />
              {address.phone}
            </address>
            {order.trackingNumber ? (
              <p className="mt-3 text-sm">
                {order.carrier}:{' '}
                {link ? (
                  <a
                    href={link}
                    target="_blank"
                    rel="noreferrer"
                    className="text-primary underline"
                  >
                    {order.trackingNumber}
                  </a>
                ) : (
                  order.trackingNumber
                )}
              </p>
            ) : null}
          </Section>
          <Section title="Contact">
            <p className="text-sm">{order.customerName}</p>
            <p className="text-sm">
              <a href={`mailto:${order.contactEmail}`} className="text-primary underline">
                {order.contactEmail}
              </a>
            </p>
            <p className="text-sm">{order.contactPhone}</p>
          </Section>
        </div>

        <Section title="Payments">
          {order.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payment attempts.</p>
          ) : (
            <ul className="grid gap-3 text-sm">
              {order.payments.map((p) => (
                <li key={p.id} className="rounded-md border border-border p-3">
                  <div className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium">
                      {p.provider === 'cod' ? (
                        'Cash on delivery'
                      ) : (
                        <>
                          {p.provider}
                          {p.method ? ` · ${p.method}` : ''}
                        </>
                      )}
                    </span>
                    <span>{formatPaise(p.amountPaise)}</span>
                  </div>
                  <div className="text-muted-foreground">
                    {p.status}
                    {p.needsRefund ? ' · needs refund' : ''} · {formatDateTime(p.createdAt)}
                    {p.providerReference ? ` · ref ${p.providerReference}` : ''}
                    {p.payerVpa ? ` · ${p.payerVpa}` : ''}
                  </div>
                  {p.refunds.map((r) => (
                    <div key={r.id} className="mt-1">
                      Refund {formatPaise(r.amountPaise)} ({r.status})
                      {r.reference ? ` · ${r.reference}` : ''} · {formatDateTime(r.createdAt)}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
          )}
          <h3 className="mb-2 mt-4 font-sans text-base font-semibold">Notifications</h3>
          {order.notifications.length === 0 ? (
            <p className="text-sm text-muted-foreground">No notifications from the providers.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {order.notifications.map((n) => (
                <li key={`${n.provider}-${n.eventId}`}>
                  {formatDateTime(n.receivedAt)} · {n.provider} · {n.eventId}
                </li>
              ))}
            </ul>
          )}
        </Section>

        {order.returns?.length ? (
          <Section title="Returns">
            <OrderReturns returns={order.returns} />
          </Section>
        ) : null}

        <Section title="Documents">
          <OrderDocuments orderId={order.id} documents={order.documents ?? []} />
          <PackingSlipButton orderId={order.id} />
        </Section>

        <Section title="Notes">
          <OrderNotes notes={order.notes} run={run} />
        </Section>

        <Section title="Timeline">
          <ol className="grid gap-2 border-l-2 border-border pl-4 text-sm">
            {order.timeline.map((entry, i) => (
              <li key={i}>
                <span className="font-medium">{entry.text}</span>
                <span className="block text-xs text-muted-foreground">
                  {formatDateTime(entry.at)} · {entry.actor}
                </span>
              </li>
            ))}
          </ol>
        </Section>
      </div>

      <aside aria-label="Actions" className="grid content-start gap-4">
        <h2 className="font-sans text-lg font-semibold">Actions</h2>
        {order.actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to do for this order.</p>
        ) : null}
        {can('confirm_cod') ? (
          <Button onClick={confirmCod} disabled={action.isPending}>
            Confirm order
          </Button>
        ) : null}
        <OrderShipment orderId={order.id} />
        {can('ship') ? (
          <div className="rounded-lg border border-border bg-card p-4">
            <ShipForm run={run} />
          </div>
        ) : null}
        {can('deliver') ? (
          <Button onClick={deliver} disabled={action.isPending}>
            Mark delivered
          </Button>
        ) : null}
        {can('record_payment') ? (
          <div className="rounded-lg border border-border bg-card p-4">
            <RecordPaymentForm run={run} totalPaise={order.totalPaise} />
          </div>
        ) : null}
        {can('record_refund') ? (
          <div className="rounded-lg border border-border bg-card p-4">
            <RecordRefundForm run={run} order={order} />
          </div>
        ) : null}
        {can('record_cod_collection') ? (
          <CodCollectionDialog run={run} totalPaise={order.totalPaise} status={order.status} />
        ) : null}
        {can('return_undelivered') ? (
          <ReturnUndeliveredDialog run={run} totalPaise={order.totalPaise} />
        ) : null}
        {can('cancel') ? <CancelOrderDialog run={run} paid={order.payment === 'paid'} /> : null}
      </aside>
    </div>
  );
}
