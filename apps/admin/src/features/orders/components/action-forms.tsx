import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { carrierNames } from '@store/contracts/carriers';
import { formatPaise } from '@store/contracts/money';
import {
  recordOrderRefundBodySchema,
  recordPaymentBodySchema,
  shipOrderBodySchema,
  type AdminOrderDetail,
} from '@store/contracts/admin/orders';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { toast } from '@store/ui/toast';
import { RefundAmountFields, type RefundFieldsForm } from '@/components/refund-amount-fields';
import { applyServerErrors } from '@/lib/api-client';
import type { OrderActionRequest } from '../api/order-actions';
import { apiRefunderOf } from '@store/contracts/payments';

type Run = (action: OrderActionRequest) => Promise<unknown>;

/** Mark shipped: Carrier (the contracts' list) and Tracking number, checked as the API checks it. */
export function ShipForm({ run }: { run: Run }) {
  const form = useForm<
    z.input<typeof shipOrderBodySchema>,
    unknown,
    z.output<typeof shipOrderBodySchema>
  >({
    resolver: zodResolver(shipOrderBodySchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await run({ kind: 'ship', body });
      toast.success('Order marked shipped');
      form.reset();
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, ['carrier', 'trackingNumber']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="ship-heading">
      <h3 id="ship-heading" className="font-sans text-base font-semibold">
        Mark shipped
      </h3>
      <HookFormField form={form} name="carrier" id="ship-carrier" label="Carrier">
        {(control) => (
          <Select {...control}>
            <option value="">Choose a carrier</option>
            {carrierNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </HookFormField>
      <HookFormField form={form} name="trackingNumber" id="ship-tracking" label="Tracking number">
        {(control) => <Input autoComplete="off" spellCheck={false} {...control} />}
      </HookFormField>
      <FieldError className="font-medium">{problem}</FieldError>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        Mark shipped
      </Button>
    </form>
  );
}

/** Record payment: a UPI reference (UTR) for money that arrived outside the gateways. */
export function RecordPaymentForm({ run, totalPaise }: { run: Run; totalPaise: number }) {
  const form = useForm<
    z.input<typeof recordPaymentBodySchema>,
    unknown,
    z.output<typeof recordPaymentBodySchema>
  >({
    resolver: zodResolver(recordPaymentBodySchema),
    defaultValues: { reference: '' },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await run({ kind: 'record_payment', body });
      toast.success('Payment recorded');
      form.reset();
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, ['reference', 'note']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="payment-heading">
      <h3 id="payment-heading" className="font-sans text-base font-semibold">
        Record payment
      </h3>
      <p className="text-sm text-muted-foreground">
        For {formatPaise(totalPaise)} confirmed outside the gateways (e.g. a UPI transfer).
      </p>
      <HookFormField
        form={form}
        name="reference"
        id="payment-reference"
        label="UPI reference"
        hint="The 12-digit UTR from the bank or UPI app"
      >
        {(control) => <Input inputMode="numeric" autoComplete="off" {...control} />}
      </HookFormField>
      <FieldError className="font-medium">{problem}</FieldError>
      <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
        Record payment
      </Button>
    </form>
  );
}

type OrderPayment = AdminOrderDetail['payments'][number];

/** What of a payment may still be refunded: taken, less refunds settled or asked of the gateway. */
export const refundableOf = (p: OrderPayment): number =>
  p.status === 'succeeded'
    ? p.amountPaise -
      p.refundedPaise -
      p.refunds.filter((r) => r.status === 'requested').reduce((s, r) => s + r.amountPaise, 0)
    : 0;

/** The gateways of apiRefundProviders refund through their API (refunds.service.ts); the shop pays back the rest. */
const refundsThroughGateway = (p: OrderPayment | undefined) => !!apiRefunderOf(p?.provider);

/**
 * A key for one refund the owner is about to record: sent as the reference of a gateway refund,
 * so a second click (or a resend after a lost answer) is the same refund, never a second one.
 */
const newRefundKey = () => `BO-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;

/**
 * Record refund: which payment (the one refundable payment preselected), how many rupees, and the
 * refund's reference. A PayU payment is refunded through PayU's refund API, so the owner types no
 * reference; a payment the shop refunds itself (bank transfer, UPI) takes the bank's reference.
 */
export function RecordRefundForm({ run, order }: { run: Run; order: AdminOrderDetail }) {
  const refundable = order.payments.filter((p) => refundableOf(p) > 0);
  const [refundKey, setRefundKey] = useState(newRefundKey);
  const form = useForm<
    z.input<typeof recordOrderRefundBodySchema>,
    unknown,
    z.output<typeof recordOrderRefundBodySchema>
  >({
    resolver: zodResolver(recordOrderRefundBodySchema),
    defaultValues: {
      paymentId: refundable.length === 1 ? refundable[0]!.id : '',
      amount: order.refundablePaise / 100,
      reference: refundsThroughGateway(refundable.length === 1 ? refundable[0] : undefined)
        ? refundKey
        : '',
    },
  });
  const chosen = refundable.find((p) => p.id === form.watch('paymentId'));
  const viaGateway = refundsThroughGateway(chosen);
  // the reference field is the owner's only for a refund they make themselves
  useEffect(() => {
    form.setValue('reference', viaGateway ? refundKey : '');
  }, [form, viaGateway, refundKey]);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await run({ kind: 'record_refund', body });
      const gateway = apiRefunderOf(chosen?.provider);
      toast.success(gateway ? `Refund asked of ${gateway}` : 'Refund recorded');
      const next = newRefundKey();
      setRefundKey(next);
      form.reset({
        paymentId: body.paymentId,
        amount: undefined,
        reference: viaGateway ? next : '',
      });
    } catch (error) {
      setProblem(
        applyServerErrors(error, form.setError, ['paymentId', 'amount', 'reference', 'note']),
      );
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="refund-heading">
      <h3 id="refund-heading" className="font-sans text-base font-semibold">
        Record refund
      </h3>
      <p className="text-sm text-muted-foreground">
        Up to {formatPaise(order.refundablePaise)} can still be refunded.
      </p>
      <HookFormField form={form} name="paymentId" id="refund-payment" label="Payment">
        {(control) => (
          <Select {...control}>
            <option value="">Choose the payment</option>
            {refundable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.provider} {p.providerReference ?? p.id.slice(0, 8)} ·{' '}
                {formatPaise(p.amountPaise)}
                {refundableOf(p) < p.amountPaise
                  ? ` (${formatPaise(refundableOf(p))} refundable)`
                  : ''}
              </option>
            ))}
          </Select>
        )}
      </HookFormField>
      <RefundAmountFields
        form={form as unknown as RefundFieldsForm}
        idPrefix="refund"
        gateway={apiRefunderOf(chosen?.provider)}
      />
      <FieldError className="font-medium">{problem}</FieldError>
      <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
        Record refund
      </Button>
    </form>
  );
}
