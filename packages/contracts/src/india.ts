import { z } from 'zod';
import { messages } from './common';
import { normalizePin, pinCodePattern } from './delivery';

/** The 28 states and 8 union territories, for the checkout select and the server check. */
export const indianStates = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export const indianUnionTerritories = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export const indianStatesAndUts: readonly string[] = [...indianStates, ...indianUnionTerritories];

/** Indian mobile: optional +91 / 91 / 0 prefix, then 10 digits starting 6-9. Spaces and dashes allowed. */
export const indianMobilePattern = /^(?:\+?91|0)?[6-9][0-9]{9}$/;

/** Indian numbers are entered as +91 and ten digits (spec section 9). */
export const PHONE_PREFIX = '+91';
const PHONE_DIGITS = 10;

/**
 * What a phone input holds after a keystroke or a paste: +91 followed by at most ten digits, every
 * other character dropped. A pasted number that already carries the country code or a trunk 0
 * ('919876543210', '09876543210') keeps its ten digits instead of being read as the first ten.
 * Deleting into the prefix leaves the prefix; clearing the field leaves it empty only when
 * `allowEmpty` (an optional field), else the prefix.
 */
export function formatPhoneInput(raw: string, { allowEmpty = false } = {}): string {
  const text = raw.trim();
  if (text === '') return allowEmpty ? '' : PHONE_PREFIX;
  if (PHONE_PREFIX.startsWith(text)) return PHONE_PREFIX;
  let digits = text.replace(/\D/g, '');
  if (text.startsWith(PHONE_PREFIX) || (digits.startsWith('91') && digits.length > PHONE_DIGITS)) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0') && digits.length > PHONE_DIGITS) {
    digits = digits.slice(1);
  }
  return PHONE_PREFIX + digits.slice(0, PHONE_DIGITS);
}

/** Digits of an Indian mobile number without the country code: '+91 98765-43210' -> '9876543210'. */
export function normalizeIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  if (!indianMobilePattern.test(compact)) return null;
  return compact.slice(-10);
}

/** A PIN as typed ("560 038") in, its six digits ("560038") out. */
export const pinCodeSchema = z
  .string()
  .transform(normalizePin)
  .pipe(z.string().regex(pinCodePattern, messages.pinCode));
export const indianMobileSchema = z
  .string()
  .trim()
  .refine((v) => normalizeIndianMobile(v) !== null, messages.indianMobile);
export const indianStateSchema = z
  .string()
  .trim()
  .refine(
    (v) => indianStatesAndUts.some((s) => s.toLowerCase() === v.toLowerCase()),
    messages.stateUnknown,
  );
