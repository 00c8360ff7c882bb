import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PaymentFieldValue } from '@store/contracts/payment-rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@store/ui/card';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { formatInr } from '@store/contracts/money';
import { useOrderToPay } from '@/features/payment/api/get-order-status';
import { usePaymentFieldsQuery } from '@/features/payment/api/get-payment-fields';
import { useSubmitPaymentMutation } from '@/features/payment/api/submit-payment';
import { DynamicPaymentForm } from '@/features/payment/components/dynamic-payment-form';
import { QrPayment } from '@/features/payment/components/qr-payment';
import { RedirectPostForm } from '@/features/payment/components/redirect-post-form';
import { redirectBrowser } from '@/features/payment/lib/browser';
import {
  isAppPath,
  paymentMessages,
  paymentOutcome,
  type PaymentOutcome,
} from '@/features/payment/lib/payment-result';
import { paths } from '@/lib/paths';

function useOrderId(): string | null {
  const [params] = useSearchParams();
  const state = useLocation().state as { orderId?: unknown } | null;
  const fromState = typeof state?.orderId === 'string' ? state.orderId : null;
  return params.get('orderId')?.trim() || fromState || null;
}

function Shell({ children }: { children: ReactNode }) {
  return <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">{children}</section>;
}

function ErrorNotice({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
    >
      {message}
    </p>
  );
}

/**
 * The spec's way back, plus My Orders: once the order exists the cart is empty, so checkout shows
 * nothing to buy, while My Orders keeps the Pending order with its Pay Now.
 */
const returnToCheckout = (
  <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
    <Link to={paths.checkout} className="text-primary underline-offset-4 hover:underline">
      Return to checkout
    </Link>
    <Link to={paths.orders} className="text-primary underline-offset-4 hover:underline">
      Pay later from My Orders
    </Link>
  </p>
);

export function Component() {
  const orderId = useOrderId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fieldsQuery = usePaymentFieldsQuery();
  const order = useOrderToPay(orderId).data;
  const mutation = useSubmitPaymentMutation();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();

  if (!orderId) {
    return (
      <Shell>
        <h1 className="mb-6 text-3xl font-semibold">Payment</h1>
        <div className="grid gap-4">
          <ErrorNotice message={paymentMessages.missingOrderId} />
          {returnToCheckout}
        </div>
      </Shell>
    );
  }

  if (outcome?.kind === 'qr') {
    return (
      <Shell>
        <QrPayment
          orderId={orderId}
          qr={outcome.qr}
          qrBase64={outcome.qrBase64}
          amount={order?.total}
        />
      </Shell>
    );
  }

  const pay = async (fields: Record<string, PaymentFieldValue>) => {
    setOutcome(null);
    setServerErrors(undefined);
    try {
      const result = paymentOutcome(await mutation.mutateAsync({ orderId, fields }));
      setOutcome(result);
      if (result.kind === 'deeplink') redirectBrowser(result.url);
      else if (result.kind === 'navigate') {
        if (isAppPath(result.url)) navigate(result.url);
        else redirectBrowser(result.url);
      } else if (result.kind === 'initiated') {
        toast('Payment initiated', { description: 'Your payment is being processed' });
        navigate(paths.orders);
      }
    } catch (error) {
      console.error('Payment failed', error);
      // a server answer with an error field is shown as is; no answer or a crash gets the generic text
      const serverText =
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? serverErrorText(error)
          : undefined;
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      setOutcome({ kind: 'error', message: serverText ?? paymentMessages.processFailed });
    }
  };

  const reason = params.get('reason');
  return (
    <Shell>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Payment</CardTitle>
          <CardDescription>Order #{orderId}</CardDescription>
          {typeof order?.total === 'number' && (
            <p className="text-lg font-semibold" data-testid="amount-to-pay">
              Amount to pay: {formatInr(order.total)}
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          {reason && outcome === null && (
            <ErrorNotice
              message={`The last attempt did not go through: ${reason}. You can try again.`}
            />
          )}
          {outcome?.kind === 'error' && (
            <div className="grid gap-3">
              <ErrorNotice message={outcome.message} />
              {returnToCheckout}
            </div>
          )}
          {fieldsQuery.isPending ? (
            <div className="grid gap-4" aria-busy="true" aria-label="Loading payment form">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-11" />
            </div>
          ) : fieldsQuery.isError ? (
            <div className="grid gap-4">
              <ErrorNotice message={paymentMessages.loadFailed} />
              {returnToCheckout}
            </div>
          ) : (
            <DynamicPaymentForm
              fields={fieldsQuery.data}
              submitting={mutation.isPending || outcome?.kind === 'post'}
              serverErrors={serverErrors}
              onSubmit={pay}
            />
          )}
          {outcome?.kind === 'post' && (
            <RedirectPostForm url={outcome.url} formParams={outcome.formParams} />
          )}
        </CardContent>
      </Card>
    </Shell>
  );
}
