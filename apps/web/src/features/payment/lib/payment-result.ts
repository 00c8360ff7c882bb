import type { PaymentResponse } from '@store/contracts/payments';

export const paymentMessages = {
  missingOrderId: 'Order ID is missing. Please return to checkout.',
  loadFailed: 'Failed to load payment form. Please try again later.',
  processFailed: 'Failed to process payment. Please try again later.',
  unknown: 'Unknown error occurred during payment process',
  confirming: 'Your payment is being confirmed',
  noUpiApp:
    'No UPI app opened on this device. Scan the QR code from another phone or choose another way to pay.',
} as const;

/**
 * The provider said "pending" (PayU): the order stays Pending while the payment is confirmed, and
 * the shopper must not be invited to pay a second time. The return URL says so with
 * outcome=pending (status=pending read too); the order with paymentStatus 'confirming'.
 */
export function isConfirmingPayment(
  params: URLSearchParams,
  order: { paymentStatus?: string } | undefined,
): boolean {
  return (
    params.get('outcome') === 'pending' ||
    params.get('status') === 'pending' ||
    order?.paymentStatus === 'confirming'
  );
}

/** mm:ss of what is left (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

const ANNOUNCE_AT_MS = [10 * 60_000, 5 * 60_000, 2 * 60_000, 60_000, 30_000];

/**
 * What a screen reader hears about the QR's time: only at a few steps (10, 5, 2, 1 minutes and 30
 * seconds), never every second; empty while more than 10 minutes are left.
 */
export function countdownAnnouncement(ms: number): string {
  if (ms <= 0) return '';
  const step = [...ANNOUNCE_AT_MS].reverse().find((at) => ms <= at);
  if (step === undefined) return '';
  return step < 60_000
    ? `Less than ${step / 1000} seconds left to pay`
    : `Less than ${step / 60_000} minute${step === 60_000 ? '' : 's'} left to pay`;
}

export type FormParams = { type: string; url: string; data: Record<string, string> };

export type PaymentOutcome =
  | { kind: 'post'; url: string; formParams: FormParams }
  | { kind: 'deeplink'; url: string }
  | {
      kind: 'qr';
      qr?: string;
      qrBase64?: string;
      expiresAt?: string;
      paymentId?: string;
      /** demo stores only: the sandbox "phone" that pays this QR */
      sandboxUrl?: string;
    }
  | { kind: 'navigate'; url: string }
  | { kind: 'initiated' }
  | { kind: 'error'; message: string };

/** Spec section 7, in order: the action decides; then a bare redirectUrl; then "initiated". */
export function paymentOutcome(response: PaymentResponse): PaymentOutcome {
  if (!response.success)
    return { kind: 'error', message: response.error || paymentMessages.unknown };
  const { action } = response;
  const redirectUrl = action?.redirectUrl ?? response.redirectUrl;
  if (action?.type === 'redirect_post' && redirectUrl) {
    return {
      kind: 'post',
      url: redirectUrl,
      formParams: action.formParams ?? { type: '', url: '', data: {} },
    };
  }
  if (action?.type === 'deeplink' && redirectUrl) return { kind: 'deeplink', url: redirectUrl };
  if (action?.type === 'qr' && (action.qr || action.qrBase64)) {
    return {
      kind: 'qr',
      ...(action.qr ? { qr: action.qr } : {}),
      ...(action.qrBase64 ? { qrBase64: action.qrBase64 } : {}),
      ...(action.expiresAt ? { expiresAt: action.expiresAt } : {}),
      ...(action.paymentId ? { paymentId: action.paymentId } : {}),
      ...(action.sandboxUrl ? { sandboxUrl: action.sandboxUrl } : {}),
    };
  }
  if (response.redirectUrl) return { kind: 'navigate', url: response.redirectUrl };
  return { kind: 'initiated' };
}

/** An img src for qrBase64, which may come with or without its data: prefix. */
export const qrImageSrc = (qrBase64: string) =>
  qrBase64.startsWith('data:') ? qrBase64 : `data:image/png;base64,${qrBase64}`;

/** Same-origin paths go through the router; anything else (upi://, https://) leaves the app. */
export const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');
