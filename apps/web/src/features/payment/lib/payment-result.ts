import type { PaymentResponse } from '@store/contracts/payments';

export const paymentMessages = {
  missingOrderId: 'Order ID is missing. Please return to checkout.',
  loadFailed: 'Failed to load payment form. Please try again later.',
  processFailed: 'Failed to process payment. Please try again later.',
  unknown: 'Unknown error occurred during payment process',
} as const;

export type FormParams = { type: string; url: string; data: Record<string, string> };

export type PaymentOutcome =
  | { kind: 'post'; url: string; formParams: FormParams }
  | { kind: 'deeplink'; url: string }
  | { kind: 'qr'; qr?: string; qrBase64?: string }
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
