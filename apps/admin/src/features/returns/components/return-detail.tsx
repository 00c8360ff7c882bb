import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatPaise } from '@store/contracts/money';
import { returnStatusLabels } from '@store/contracts/return-rules';
import {
  approveReturnBodySchema,
  refundReturnBodySchema,
  rejectReturnBodySchema,
  type AdminReturnDetail,
} from '@store/contracts/admin/returns';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { FieldError } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { Textarea } from '@store/ui/textarea';
import { toast } from '@store/ui/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RefundAmountFields, type RefundFieldsForm } from '@/components/refund-amount-fields';
import { applyServerErrors } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useReturnAction, type ReturnActionRequest } from '../api/returns';
import { ReturnStatusBadge } from '@/components/return-status-badge';
import { apiRefunderOf } from '@store/contracts/payments';

type Run = (action: ReturnActionRequest) => Promise<unknown>;

/** A one-field form of a move (Approve: instructions, Reject: reason), its message on the field. */
function NoteForm({
  run,
  kind,
  title,
  label,
  submit,
  done,
}: {
  run: Run;
  kind: 'approve' | 'reject';
  title: string;
  label: string;
  submit: string;
  done: string;
}) {
  const schema = kind === 'approve' ? approveReturnBodySchema : rejectReturnBodySchema;
  const field = kind === 'approve' ? 'instructions' : 'reason';
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema as z.ZodType<Record<string, string>, Record<string, string>>),
    defaultValues: { [field]: '' },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await run({ kind, body } as ReturnActionRequest);
      toast.success(done);
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, [field]));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={title}>
      <h3 className="font-sans text-base font-semibold">{title}</h3>
      <HookFormField form={form} name={field} id={`return-${kind}-${field}`} label={label}>
        {(control) => <Textarea rows={3} {...control} />}
      </HookFormField>
      <FieldError className="font-medium">{problem}</FieldError>
      <Button
        type="submit"
        variant={kind === 'reject' ? 'destructive' : 'default'}
        disabled={form.formState.isSubmitting}
      >
        {submit}
      </Button>
    </form>
  );
}

/** Refund: the payment (the one preselected), the amount (the returned items' value), a reference. */
function RefundForm({ run, detail }: { run: Run; detail: AdminReturnDetail }) {
  const form = useForm<
    z.input<typeof refundReturnBodySchema>,
    unknown,
    z.output<typeof refundReturnBodySchema>
  >({
    resolver: zodResolver(refundReturnBodySchema),
    defaultValues: {
      paymentId: detail.payments.length === 1 ? detail.payments[0]!.id : '',
      amount: detail.valuePaise / 100,
      reference: '',
    },
  });
  const chosen = detail.payments.find((p) => p.id === form.watch('paymentId'));
  const gateway = apiRefunderOf(chosen?.provider);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await run({ kind: 'refund', body });
      toast.success(gateway ? `Refund asked of ${gateway}` : 'Refund recorded');
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, ['paymentId', 'amount', 'reference']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Refund">
      <h3 className="font-sans text-base font-semibold">Refund</h3>
      <p className="text-sm text-muted-foreground">
        The returned items were paid {formatPaise(detail.valuePaise)}; refund all or part of it. A
        credit note is issued for the amount refunded.
      </p>
      <HookFormField form={form} name="paymentId" id="return-refund-payment" label="Payment">
        {(control) => (
          <Select {...control}>
            <option value="">Choose the payment</option>
            {detail.payments.map((p) => (
              <option key={p.id} value={p.id}>
                {p.provider} {p.id.slice(0, 8)} · {formatPaise(p.refundablePaise)} refundable
              </option>
            ))}
          </Select>
        )}
      </HookFormField>
      <RefundAmountFields
        form={form as unknown as RefundFieldsForm}
        idPrefix="return-refund"
        gateway={gateway}
      />
      <FieldError className="font-medium">{problem}</FieldError>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        Refund
      </Button>
    </form>
  );
}

/** A return's page: what and why, the photos, its dates, and the moves its state allows. */
export function ReturnDetail({ detail }: { detail: AdminReturnDetail }) {
  const action = useReturnAction(detail.id);
  const run: Run = (a) => action.mutateAsync(a);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-6">
        <section className="grid gap-2 rounded-lg border border-border bg-card p-4">
          <div className="flex flex-wrap items-center gap-3">
            <ReturnStatusBadge status={detail.status} />
            <span className="text-sm text-muted-foreground">
              Order{' '}
              <Link to={`/orders/${detail.orderId}`} className="font-mono text-primary underline">
                {detail.orderId}
              </Link>{' '}
              · {detail.customerName} · {detail.contactEmail}
            </span>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">Items to return</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Item
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Returned
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.lines.map((l) => (
                <tr key={l.orderItemId} className="border-b border-border last:border-0">
                  <td className="py-2 pr-4">
                    {l.title}
                    {[l.size, l.color].filter(Boolean).length > 0 && (
                      <span className="text-muted-foreground">
                        {' '}
                        ({[l.size, l.color].filter(Boolean).join(' · ')})
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {l.quantity} of {l.ordered}
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatPaise(l.valuePaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm">
            <span className="font-medium">Reason: </span>
            {detail.reason}
          </p>
          {detail.instructions && (
            <p className="text-sm">
              <span className="font-medium">Instructions: </span>
              {detail.instructions}
            </p>
          )}
          {detail.rejectionReason && (
            <p className="text-sm">
              <span className="font-medium">Rejected: </span>
              {detail.rejectionReason}
            </p>
          )}
          {detail.refundedPaise > 0 && (
            <p className="text-sm">
              <span className="font-medium">Refunded: </span>
              {formatPaise(detail.refundedPaise)}
            </p>
          )}
          {detail.photos.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Photos">
              {detail.photos.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={`Photo ${i + 1}`}
                      className="size-28 rounded object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="grid gap-2 rounded-lg border border-border bg-card p-4">
          <h3 className="font-sans text-base font-semibold">History</h3>
          <ol className="grid gap-1 text-sm">
            {detail.history.map((h) => (
              <li key={h.status} className="flex justify-between gap-4">
                <span>{returnStatusLabels[h.status]}</span>
                <span className="text-muted-foreground">{formatDateTime(h.at)}</span>
              </li>
            ))}
          </ol>
          {detail.creditNotes.length > 0 && (
            <>
              <h3 className="mt-2 font-sans text-base font-semibold">Credit notes</h3>
              <ul className="grid gap-1 text-sm">
                {detail.creditNotes.map((d) => (
                  <li key={d.id}>
                    Credit note {d.number} · {formatPaise(d.totalPaise)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
      <aside className="grid content-start gap-6">
        {detail.actions.includes('approve') && (
          <div className="rounded-lg border border-border bg-card p-4">
            <NoteForm
              run={run}
              kind="approve"
              title="Approve"
              label="Instructions for the shopper"
              submit="Approve return"
              done="Return approved"
            />
          </div>
        )}
        {detail.actions.includes('reject') && (
          <div className="rounded-lg border border-border bg-card p-4">
            <NoteForm
              run={run}
              kind="reject"
              title="Reject"
              label="Reason the shopper sees"
              submit="Reject return"
              done="Return rejected"
            />
          </div>
        )}
        {detail.actions.includes('receive') && (
          <div className="rounded-lg border border-border bg-card p-4">
            <ConfirmDialog
              trigger={(open) => <Button onClick={open}>Mark received</Button>}
              title="Mark this return received?"
              description="The returned items go back into stock."
              keepLabel="Not yet"
              confirmLabel="Mark received"
              tone="default"
              onConfirm={async () => {
                await run({ kind: 'receive' });
                toast.success('Return received');
              }}
            />
          </div>
        )}
        {detail.actions.includes('refund') && (
          <div className="rounded-lg border border-border bg-card p-4">
            <RefundForm run={run} detail={detail} />
          </div>
        )}
      </aside>
    </div>
  );
}
