import { z } from 'zod';
import { apiErrorCodes } from './api-errors';
import { pinCodeMessage } from './delivery';

/**
 * Every error the API returns has this shape: the words to show, a machine-readable `code`
 * (api-errors.ts; clients branch on it, never on the words), and `fields` naming wrong inputs.
 */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.enum(apiErrorCodes),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Messages shared by the web forms and the server so both say the same thing. */
export const messages = {
  firstNameMin: 'First name must be at least 2 characters',
  lastNameMin: 'Last name must be at least 2 characters',
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsMismatch: 'Passwords do not match',
  required: 'This field is required',
  // the product page's PIN box says it too, without zod: it lives in the zod-free delivery.ts
  pinCode: pinCodeMessage,
  indianMobile: 'Enter a 10-digit Indian mobile number (starting 6-9), optionally with +91',
  stateUnknown: 'Choose a state or union territory from the list',
  controlCharacters: 'Use letters, digits and punctuation only',
} as const;

/**
 * C0 and C1 control characters (tabs, newlines, terminal escapes): never part of a name or an
 * address, and unsafe to print or label.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Basic email pattern of spec section 5: non-space text, @, text, dot, text (none of the texts
 * holds a space or an @). The domain is written as its first character, the characters up to the
 * first dot after it, that dot and the rest: the same strings as `[^\s@]+\.[^\s@]+`, but each
 * character has one way to match, so a failing input costs linear time. The plain spelling
 * backtracked over every dot: "a@" + 60,000 dots + "@" took 6 s and froze the server.
 */
export const emailPattern = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** The longest e-mail address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** Blank query values count as absent (clients send only the filters they use). */
export const blankToUndefined = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;

/**
 * A whole number in a query, written in plain decimal digits: `z.coerce.number` would also take
 * `0x10`, `1e1` or ` 1 `, which no client sends and a cache should not key separately.
 */
export const queryInt = (
  min: number,
  max: number,
  fallback: number,
  /** one message for every refusal; default: zod's own for the range */
  message?: string,
) =>
  z.preprocess(
    blankToUndefined,
    z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\d{1,9}$/)
            .transform(Number),
        ],
        { error: message ?? 'Expected a whole number' },
      )
      .pipe(z.number().int().min(min, message).max(max, message))
      .default(fallback),
  );
