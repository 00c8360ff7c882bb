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

/** Accepts what a shopper types: lower case, and the look-alikes O->0, I/L->1. */
export function normalizeOrderId(input: string): string | null {
  const id = input.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1').replace(/-/g, '');
  return new RegExp(`^[${ALPHABET}]{${ORDER_ID_LENGTH}}$`).test(id) ? id : null;
}
