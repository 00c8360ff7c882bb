import { emailPattern } from './common';
import { gstinProblem } from './gst';
import { PHONE_PREFIX } from './india';
import type { PaymentField } from './payments';

/**
 * The rules of the server-driven payment form (spec section 5), written once so the Payment page
 * and POST /payments give the same verdict and the same words. Pure functions only: no zod, no IO.
 */

export type PaymentFieldValue = string | boolean;
export type PaymentFieldValues = Record<string, PaymentFieldValue | undefined>;

export const paymentRuleMessages = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  phonePrefix: 'Phone number must start with +91',
  phoneMin: (n: number) => `Phone number must have at least ${n} characters`,
  phoneMax: (n: number) => `Phone number must have no more than ${n} characters`,
  phoneExact: 'Phone number must be 13 characters (including +91)',
  phoneFormat: 'Invalid phone number format',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be no more than ${n} characters`,
  invalidFormat: 'Invalid format',
  invalidOption: 'Please choose one of the options',
  invalidNumber: 'Please enter a number',
} as const;

/** +91 and ten digits */
export const PHONE_DEFAULT_MAX_LENGTH = 13;

/** Blank: a string that is empty after trimming, an unticked checkbox, or nothing at all. */
export function isBlankValue(value: PaymentFieldValue | undefined): boolean {
  if (value === undefined || value === false) return true;
  if (value === true) return false;
  return value.trim() === '';
}

/** Phone fields are those of type tel or whose name contains "phone". */
export function isPhoneField(field: Pick<PaymentField, 'name' | 'type'>): boolean {
  return field.type === 'tel' || field.name.toLowerCase().includes('phone');
}

/**
 * A rules pattern is either a bare regular expression or written as /regex/flags.
 * Returns null when the text is not a valid expression (a bad definition never blocks payment).
 */
export function parseRulePattern(pattern: string): RegExp | null {
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(pattern);
  try {
    if (literal) return new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/g, ''));
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/**
 * A field is shown when its showWhenFilled list is empty or any named field is non-blank, and,
 * when it has showWhenValue, each named field holds one of the listed values.
 */
export function isPaymentFieldVisible(field: PaymentField, values: PaymentFieldValues): boolean {
  const deps = field.showWhenFilled ?? [];
  if (deps.length > 0 && !deps.some((name) => !isBlankValue(values[name]))) return false;
  return Object.entries(field.showWhenValue ?? {}).every(([name, allowed]) => {
    const value = values[name];
    return typeof value === 'string' && allowed.includes(value);
  });
}

export function visiblePaymentFields(
  fields: readonly PaymentField[],
  values: PaymentFieldValues,
): PaymentField[] {
  return fields.filter((f) => isPaymentFieldVisible(f, values));
}

/** The input's maxLength attribute: the rule, or 13 for phone fields without one. */
export function inputMaxLength(field: PaymentField): number | undefined {
  return field.rules?.maxLength ?? (isPhoneField(field) ? PHONE_DEFAULT_MAX_LENGTH : undefined);
}

/** Starting values: each defaultValue, checkboxes unticked, required phone fields prefilled with +91. */
export function initialPaymentValues(
  fields: readonly PaymentField[],
): Record<string, PaymentFieldValue> {
  const values: Record<string, PaymentFieldValue> = {};
  for (const field of fields) {
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
    else if (field.type === 'checkbox') values[field.name] = false;
    else if (isPhoneField(field) && field.rules?.required) values[field.name] = PHONE_PREFIX;
    else values[field.name] = '';
  }
  return values;
}

/** Submit is disabled while loading or while a visible required field is blank. */
export function isPaymentSubmitDisabled(
  fields: readonly PaymentField[],
  values: PaymentFieldValues,
  loading: boolean,
): boolean {
  if (loading) return true;
  return visiblePaymentFields(fields, values).some(
    (f) => f.rules?.required && isBlankValue(values[f.name]),
  );
}

function validatePhone(field: PaymentField, value: string): string | null {
  const { minLength, maxLength, pattern } = field.rules ?? {};
  if (!value.startsWith(PHONE_PREFIX)) return paymentRuleMessages.phonePrefix;
  if (minLength !== undefined && value.length < minLength)
    return paymentRuleMessages.phoneMin(minLength);
  if (maxLength !== undefined && value.length > maxLength)
    return paymentRuleMessages.phoneMax(maxLength);
  if (
    minLength === undefined &&
    maxLength === undefined &&
    value.length !== PHONE_DEFAULT_MAX_LENGTH
  ) {
    return paymentRuleMessages.phoneExact;
  }
  const regex = pattern ? parseRulePattern(pattern) : null;
  if (regex && !regex.test(value)) return paymentRuleMessages.phoneFormat;
  if (!/^\+91\d*$/.test(value)) return paymentRuleMessages.phoneFormat;
  return null;
}

function validateText(field: PaymentField, value: string): string | null {
  const { minLength, maxLength, pattern } = field.rules ?? {};
  // the lengths first: no pattern (the email's or a configured one) runs on an overlong value
  if (maxLength !== undefined && value.length > maxLength)
    return paymentRuleMessages.maxLength(maxLength);
  if (field.type === 'email' && !emailPattern.test(value.trim()))
    return paymentRuleMessages.invalidEmail;
  if (field.type === 'number' && !Number.isFinite(Number(value.trim())))
    return paymentRuleMessages.invalidNumber;
  if (field.type === 'select' && field.options && !field.options.some((o) => o.value === value)) {
    return paymentRuleMessages.invalidOption;
  }
  if (minLength !== undefined && value.length < minLength)
    return paymentRuleMessages.minLength(minLength);
  const regex = pattern ? parseRulePattern(pattern) : null;
  // rulesMessages[0] is the required message; rulesMessages[1], when given, words a format mismatch.
  if (regex && !regex.test(value))
    return field.rulesMessages?.[1] ?? paymentRuleMessages.invalidFormat;
  return null;
}

/**
 * The field whose value is a GSTIN: past its pattern, its state code and check character are
 * checked too, so a typing mistake is caught before the GSTIN is printed on a tax invoice.
 */
export const GSTIN_FIELD = 'gstin';

/** The error of one field, or null. Hidden fields and blank optional fields have none. */
export function validatePaymentField(
  field: PaymentField,
  value: PaymentFieldValue | undefined,
  values: PaymentFieldValues,
): string | null {
  if (!isPaymentFieldVisible(field, values)) return null;
  if (isBlankValue(value)) {
    return field.rules?.required
      ? (field.rulesMessages?.[0] ?? paymentRuleMessages.required)
      : null;
  }
  // a checkbox holds a boolean and every other field a string; anything else is a forged submission
  if ((field.type === 'checkbox') !== (typeof value === 'boolean'))
    return paymentRuleMessages.invalidFormat;
  if (typeof value !== 'string') return null;
  if (isPhoneField(field)) return validatePhone(field, value);
  return validateText(field, value) ?? (field.name === GSTIN_FIELD ? gstinProblem(value) : null);
}

/** Errors by field name; empty when the form may be submitted. */
export function validatePaymentFields(
  fields: readonly PaymentField[],
  values: PaymentFieldValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = validatePaymentField(field, values[field.name], values);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/**
 * The submitted values of the visible fields only, strings trimmed (phones are already compact),
 * so the server never acts on a value the shopper could not see.
 */
export function visiblePaymentValues(
  fields: readonly PaymentField[],
  values: PaymentFieldValues,
): Record<string, PaymentFieldValue> {
  const out: Record<string, PaymentFieldValue> = {};
  for (const field of visiblePaymentFields(fields, values)) {
    const value = values[field.name];
    if (value === undefined) continue;
    out[field.name] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** Ordinary merchant UPI takes at most ₹1,00,000 per payment (NPCI's general limit). */
export const UPI_MAX_PAISE = 1_00_000_00;
/** A UPI QR (and its request) may be paid for this long; then the page offers a new one. */
export const UPI_QR_LIFETIME_MS = 15 * 60 * 1000;
export const upiMessages = {
  overLimit:
    'UPI can be used for orders up to ₹1,00,000. Please choose another payment method for this order.',
  qrExpired: 'This QR code has expired. Get a new one to pay.',
} as const;
