// Cash on delivery that checks first (docs/decisions/cod-checks.md): an order above the store's
// value, or to a phone or PIN whose parcels were refused before, is confirmed by the shopper with
// a one-time code sent by SMS or WhatsApp before it can ship. Zod-free: the order page imports it.

/** digits in a code */
export const COD_CODE_LENGTH = 6;
/** a code lapses this long after it is sent */
export const COD_CODE_TTL_MINUTES = 15;
/** wrong codes allowed against one code; then a new one must be asked for */
export const COD_CODE_MAX_ATTEMPTS = 5;
/** codes one order may be sent in all (the first included) */
export const COD_CODE_MAX_SENDS = 5;
/** the wait between two sends */
export const COD_CODE_RESEND_SECONDS = 60;
/** refused parcels that make a phone, or a PIN (many households), need the code */
export const COD_REFUSALS_BY_PHONE = 1;
export const COD_REFUSALS_BY_PIN = 2;

export const codCodeReasons = ['value', 'phone', 'pin'] as const;
export type CodCodeReason = (typeof codCodeReasons)[number];

export const codCodeMessages = {
  prompt: (phone: string) =>
    `Confirm your cash-on-delivery order with the ${COD_CODE_LENGTH}-digit code sent to ${phone}`,
  confirmed: 'Your cash-on-delivery order is confirmed',
  format: `Enter the ${COD_CODE_LENGTH}-digit code`,
  wrong: (left: number) =>
    left > 0
      ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`
      : 'That code is not right: ask for a new code',
  tooManyTries: 'Too many wrong codes: ask for a new code',
  expired: 'This code has expired: ask for a new code',
  notNeeded: 'This order needs no code',
  alreadyConfirmed: 'This order is already confirmed',
  wait: (seconds: number) => `Wait ${seconds} seconds before asking for another code`,
  noMoreSends: 'No more codes can be sent for this order: please call the shop',
  sent: (phone: string) => `A new code was sent to ${phone}`,
  shipBlocked:
    "This cash-on-delivery order waits for the shopper's confirmation code: confirm it (after a call) or wait",
} as const;

/** '+919876543210' -> '+91 ••••••3210': enough for the shopper to know the phone, not a stranger */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').slice(-10);
  return `+91 ${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
