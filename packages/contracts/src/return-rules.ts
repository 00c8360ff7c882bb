// Return rules shared by the server and both apps: the states of a return and their labels, the
// window's default and limit, the photo cap. Plain module, no zod import.

/** The store's default return window: the policies promise returns within 0–7 days. */
export const RETURN_WINDOW_DAYS_DEFAULT = 7;
export const RETURN_WINDOW_DAYS_LIMIT = 90;
/** photos a shopper may add to a return request */
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_REASON_MAX = 1000;

/**
 * A return's own states (an order's status numbers stay 0–4): requested → approved or rejected;
 * approved → received (the parcel is back, its stock returns) → refunded. Only forward.
 */
export const returnStatuses = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  received: 'Return received',
  refunded: 'Refunded',
};

/** The states a return is still open in: a second request waits for it. */
export const openReturnStatuses: readonly ReturnStatus[] = ['requested', 'approved', 'received'];
