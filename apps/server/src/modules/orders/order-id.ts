import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so ids are easy to read out and type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_LENGTH = 10;

/** 10 random characters = 50 bits: short enough to type, far too many to guess. */
export function newOrderId(): string {
  const bytes = randomBytes(ORDER_ID_LENGTH);
  let id = '';
  for (const b of bytes) id += ALPHABET[b & 31];
  return id;
}

const readAsTyped = (input: string) =>
  input.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1').replace(/-/g, '');

/** Accepts what a shopper types: lower case, and the look-alikes O->0, I/L->1. */
export function normalizeOrderId(input: string): string | null {
  const id = readAsTyped(input);
  return new RegExp(`^[${ALPHABET}]{${ORDER_ID_LENGTH}}$`).test(id) ? id : null;
}

/** The shortest start of an order number the back office's search looks up as one. */
export const ORDER_ID_PREFIX_MIN = 4;

/**
 * The start of an order number as staff type it (any case, look-alikes read as normalizeOrderId
 * reads them), 4 to 10 characters; null when it cannot be one.
 */
export function normalizeOrderIdPrefix(input: string): string | null {
  const start = readAsTyped(input);
  return new RegExp(`^[${ALPHABET}]{${ORDER_ID_PREFIX_MIN},${ORDER_ID_LENGTH}}$`).test(start)
    ? start
    : null;
}
