import { Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { codCodeMessages, COD_CODE_LENGTH } from '@store/contracts/cod-codes';
import { codCodeBodySchema } from '@store/contracts/orders';
import { Button, buttonVariants } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { toast } from '@store/ui/toast';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { paths } from '@/lib/paths';
import { useCodCodeMutations } from '../api/cod-code';
import { canPayCodOnline, needsCodCode, type OrderView } from '../lib/order-view';

export const codCodeText = {
  title: 'Confirm your order',
  label: 'Confirmation code',
  confirm: 'Confirm order',
  resend: 'Send a new code',
  payNow: 'Pay now by UPI',
  payNowHint: 'Or pay now and nothing is collected at the door.',
  failed: 'Could not send a new code',
} as const;

/**
 * Cash on delivery that checks first (docs/decisions/cod-checks.md): the box for the code sent to
 * the shopper's phone while the order waits for it, and, on any cash-on-delivery order not yet
 * shipped, Pay now by UPI (the payment page, which then settles the order as prepaid).
 */
export function CodCodePanel({ order }: { order: OrderView }) {
  if (!canPayCodOnline(order)) return null;
  const payNow = (
    <Link to={paths.payment(order.id)} className={buttonVariants({ variant: 'outline' })}>
      {codCodeText.payNow}
    </Link>
  );
  if (!needsCodCode(order)) return <div className="flex justify-end">{payNow}</div>;
  return <CodCodeForm order={order} payNow={payNow} />;
}

function CodCodeForm({ order, payNow }: { order: OrderView; payNow: React.ReactNode }) {
  const { confirm, resend } = useCodCodeMutations();
  const form = useZodForm(codCodeBodySchema, { defaultValues: { code: '' }, afterSubmit: 'clear' });
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(
      { orderId: order.id, code },
      {
        onSuccess: () => toast.success(codCodeMessages.confirmed),
        // the server's sentence (wrong code and tries left, expired) under the box
        onError: (error) =>
          form.setError('code', {
            message:
              serverErrorText(error) ??
              (error instanceof ApiError ? error.message : 'Please try again later'),
          }),
      },
    ),
  );
  const sendNew = () =>
    resend.mutate(order.id, {
      onSuccess: ({ phone }) => toast.success(codCodeMessages.sent(phone)),
      onError: (error) =>
        toast.error(codCodeText.failed, {
          description: serverErrorText(error) ?? 'Please try again later',
        }),
    });

  return (
    <section
      aria-labelledby={`cod-code-${order.id}`}
      className="grid gap-3 rounded-md border border-accent/50 bg-accent/10 p-4 text-left"
    >
      <h3 id={`cod-code-${order.id}`} className="flex items-center gap-2 font-sans font-semibold">
        <Smartphone className="size-4" aria-hidden="true" />
        {codCodeText.title}
      </h3>
      <p className="text-sm">{codCodeMessages.prompt(order.codCode!.phone)}</p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <HookFormField
          form={form}
          name="code"
          id={`cod-code-${order.id}-input`}
          label={codCodeText.label}
          className="w-40"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={COD_CODE_LENGTH}
              className="tracking-[0.3em] tabular-nums"
            />
          )}
        </HookFormField>
        {/* level with the box, below its label, whatever message grows under the box */}
        <div className="flex flex-wrap gap-3 sm:pt-[1.625rem]">
          <Button type="submit" disabled={confirm.isPending}>
            {codCodeText.confirm}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={sendNew}
            disabled={resend.isPending || order.codCode!.sendsLeft === 0}
          >
            {codCodeText.resend}
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <span>{codCodeText.payNowHint}</span>
        {payNow}
      </div>
    </section>
  );
}
