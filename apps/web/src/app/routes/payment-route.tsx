import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { upiMessages, type PaymentFieldValue } from '@store/contracts/payment-rules';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@store/ui/card';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { formatInr } from '@store/contracts/money';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { useOrderToPay } from '@/features/payment/api/get-order-status';
import { useThankYouOncePaid } from '@/features/payment/lib/use-thank-you-once-paid';
import { usePaymentFieldsQuery } from '@/features/payment/api/get-payment-fields';
import { useSubmitPaymentMutation } from '@/features/payment/api/submit-payment';
import { DynamicPaymentForm } from '@/features/payment/components/dynamic-payment-form';
import { QrPayment } from '@/features/payment/components/qr-payment';
import { RedirectPostForm } from '@/features/payment/components/redirect-post-form';
import { redirectBrowser } from '@/features/payment/lib/browser';
import {
  fieldsForTotal,
  fieldsWithoutCod,
  fieldsWithoutMethods,
  upiAllowedFor,
} from '@/features/payment/lib/upi-limit';
import { useNoAppOpened } from '@/features/payment/lib/upi-app-hand-off';
import {
  isAppPath,
  isConfirmingPayment,
  paymentMessages,
  paymentOutcome,
  type PaymentOutcome,
} from '@/features/payment/lib/payment-result';
import { paths } from '@/lib/paths';
import { takePayTokenFromAddress } from '@/features/payment/lib/pay-link';

function useOrderId(): string | null {
  const [params] = useSearchParams();
  const state = useLocation().state as { orderId?: unknown } | null;
  const fromState = typeof state?.orderId === 'string' ? state.orderId : null;
  return params.get('orderId')?.trim() || fromState || null;
}

function Shell({ children }: { children: ReactNode }) {
  return <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">{children}</section>;
}

function ErrorNotice({ message, reveal = false }: { message: string; reveal?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // an answer to Pay Now: on a phone the shopper is at the foot of the form, far below it
    if (reveal) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [reveal, message]);
  return (
    <p
      ref={ref}
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

/**
 * The provider has not confirmed the payment yet: no form (a second payment would be taken), and
 * the page follows the order until a verified notification makes it Processing.
 */
function ConfirmingPayment({ orderId }: { orderId: string }) {
  useThankYouOncePaid(orderId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">{paymentMessages.confirming}</CardTitle>
        <CardDescription>Order #{orderId}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p role="status" className="text-sm">
          The payment provider has not confirmed your payment yet. This page updates once it does;
          please do not pay again for this order.
        </p>
        <p className="text-sm font-medium">
          <Link to={paths.orders} className="text-primary underline-offset-4 hover:underline">
            Go to My Orders
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

export function Component() {
  const orderId = useOrderId();
  // opened from the shop's payment link: its token kept for this order before anything is asked
  useState(() => takePayTokenFromAddress(orderId));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fieldsQuery = usePaymentFieldsQuery();
  const orderQuery = useOrderToPay(orderId);
  const order = orderQuery.data;
  // a payment link that is expired, altered or for another order: said at once, with no form
  const linkProblem =
    orderQuery.error instanceof ApiError &&
    (orderQuery.error.code === 'pay_link_expired' || orderQuery.error.code === 'pay_link_invalid')
      ? serverErrorText(orderQuery.error)
      : undefined;
  const mutation = useSubmitPaymentMutation();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const keys = useIdempotencyKeys();
  // what was last sent, so an expired QR can be replaced by a new attempt with the same details
  const lastFields = useRef<Record<string, PaymentFieldValue> | null>(null);
  // methods the server refused for this order (cash on delivery over the store's limit): no
  // longer offered, so the shopper picks one of the others
  const [refused, setRefused] = useState<{
    methods: string[];
    sent: Record<string, PaymentFieldValue> | null;
  }>({ methods: [], sent: null });
  // over ₹1,00,000 the UPI methods are not offered (the server refuses them too)
  const offeredFields = useMemo(
    () =>
      fieldsWithoutMethods(
        // Pay now by UPI for a cash-on-delivery order: cash on delivery is what it has already
        order?.codStatus === 'to_collect'
          ? fieldsWithoutCod(fieldsForTotal(fieldsQuery.data ?? [], order?.total))
          : fieldsForTotal(fieldsQuery.data ?? [], order?.total),
        refused.methods,
        refused.sent,
      ),
    [fieldsQuery.data, order?.total, order?.codStatus, refused],
  );
  // the upi:// link opened nothing (no UPI app on this device): say so, with the form still there
  const noUpiApp = useNoAppOpened(outcome?.kind === 'deeplink' ? outcome : null);

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

  if (linkProblem) {
    return (
      <Shell>
        <h1 className="mb-6 text-3xl font-semibold">Payment</h1>
        <ErrorNotice message={linkProblem} />
      </Shell>
    );
  }

  const pay = async (
    fields: Record<string, PaymentFieldValue>,
    { renew = false }: { renew?: boolean } = {},
  ) => {
    // a new QR keeps the QR screen (with its amount) until the new code arrives
    if (!renew) setOutcome(null);
    setServerErrors(undefined);
    lastFields.current = fields;
    const body = { orderId, fields };
    try {
      // the same key while these details are sent again; new details are a new attempt
      const response = await mutation.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      // the form's earlier 'Validation Error' is answered: the payment went through to the provider
      toast.dismissErrors();
      const result = paymentOutcome(response);
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
      const refusedMethod =
        error instanceof ApiError && error.fields?.method && typeof fields.method === 'string'
          ? fields.method
          : undefined;
      if (refusedMethod) {
        // the chosen method is refused for this order: said once, above the form (not again on
        // the method field), and the form offers the other methods
        const { method: _said, ...others } = (error as ApiError).fields ?? {};
        setServerErrors(Object.keys(others).length > 0 ? others : undefined);
        setRefused((was) => ({ methods: [...was.methods, refusedMethod], sent: fields }));
      } else if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      const message = serverText ?? paymentMessages.processFailed;
      setOutcome({
        kind: 'error',
        message:
          error instanceof ApiError && error.code === 'cod_refused'
            ? `${message}. Please choose another payment method.`
            : message,
      });
    }
  };

  if (outcome?.kind === 'qr') {
    return (
      <Shell>
        <QrPayment
          key={outcome.paymentId ?? outcome.qr ?? outcome.qrBase64}
          orderId={orderId}
          qr={outcome.qr}
          qrBase64={outcome.qrBase64}
          amount={order?.total}
          expiresAt={outcome.expiresAt}
          sandboxUrl={outcome.sandboxUrl}
          renewing={mutation.isPending}
          onNewQr={() => {
            // the expired code's attempt is over: a new attempt, so a new key
            keys.done();
            if (lastFields.current) void pay(lastFields.current, { renew: true });
          }}
        />
      </Shell>
    );
  }

  if (isConfirmingPayment(params, order)) {
    return (
      <Shell>
        <ConfirmingPayment orderId={orderId} />
      </Shell>
    );
  }

  const upiAllowed = upiAllowedFor(order?.total);
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
          {noUpiApp && <ErrorNotice message={paymentMessages.noUpiApp} reveal />}
          {outcome?.kind === 'error' && (
            <div className="grid gap-3">
              <ErrorNotice message={outcome.message} reveal />
              {returnToCheckout}
            </div>
          )}
          {!upiAllowed && (
            <p
              data-testid="upi-over-limit"
              className="rounded-md border border-border bg-muted px-4 py-3 text-sm"
            >
              {upiMessages.overLimit}
            </p>
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
              // a new field list (the order's total arrived) starts the form afresh
              key={`${upiAllowed ? 'all' : 'no-upi'} ${refused.methods.join(' ')}`}
              fields={offeredFields}
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
