import { rupeesToPaise } from '@store/contracts/paise';
import { UPI_MAX_PAISE } from '@store/contracts/payment-rules';
import type { PaymentField } from '@store/contracts/payments';

/** The methods of the payment form that are plain UPI (PayU's own UPI is PayU's to limit). */
const isUpiMethod = (value: string) => value.startsWith('upi');

/** Whether UPI may take this order: at most ₹1,00,000 (the server refuses more too). */
export function upiAllowedFor(totalRupees: number | undefined): boolean {
  return typeof totalRupees !== 'number' || rupeesToPaise(totalRupees) <= UPI_MAX_PAISE;
}

/**
 * The form without its UPI choices when the order is over the UPI limit: the method select
 * loses its upi_* options (and a UPI default), and the UPI ID field goes; other methods stay.
 */
export function fieldsForTotal(
  fields: readonly PaymentField[],
  totalRupees: number | undefined,
): PaymentField[] {
  if (upiAllowedFor(totalRupees)) return [...fields];
  return fields
    .filter((f) => f.name !== 'upiId')
    .map((f) => {
      if (f.name !== 'method' || !f.options) return f;
      const { defaultValue, ...rest } = f;
      const keepDefault = typeof defaultValue === 'string' && !isUpiMethod(defaultValue);
      return {
        ...rest,
        options: f.options.filter((o) => !isUpiMethod(o.value)),
        ...(keepDefault ? { defaultValue } : {}),
      };
    });
}

/**
 * The form without the methods the server refused for this order (cash on delivery over the
 * store's limit, say), keeping what the shopper typed: each other field starts from the value
 * last sent, and the method starts blank so that one of the others is chosen.
 */
export function fieldsWithoutMethods(
  fields: readonly PaymentField[],
  refused: readonly string[],
  sent: Readonly<Record<string, string | boolean>> | null,
): PaymentField[] {
  if (refused.length === 0) return [...fields];
  return fields.map((f) => {
    if (f.name === 'method') {
      const { defaultValue: _dropped, ...rest } = f;
      return { ...rest, options: f.options?.filter((o) => !refused.includes(o.value)) };
    }
    const value = sent?.[f.name];
    return value === undefined ? f : { ...f, defaultValue: value };
  });
}

/**
 * Pay now by UPI for a cash-on-delivery order (docs/decisions/cod-checks.md): the same form
 * without cash on delivery, its default kept unless that was cash on delivery.
 */
export function fieldsWithoutCod(fields: readonly PaymentField[]): PaymentField[] {
  return fields.map((f) => {
    if (f.name !== 'method') return f;
    const { defaultValue, ...rest } = f;
    return {
      ...rest,
      options: f.options?.filter((o) => o.value !== 'cod'),
      ...(defaultValue !== undefined && defaultValue !== 'cod' ? { defaultValue } : {}),
    };
  });
}
