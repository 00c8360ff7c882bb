import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of a message, as the sandbox gateway signs its notifications. */
export function hmacSha256Hex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export function sha512Hex(message: string): string {
  return createHash('sha512').update(message, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests (case-insensitive); false on any length mismatch. */
export function hexDigestsEqual(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-fA-F]+$/.test(given)) return false;
  const a = Buffer.from(expected.toLowerCase(), 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyHmacSha256(
  secret: string,
  message: string,
  signature: string | undefined,
): boolean {
  return hexDigestsEqual(hmacSha256Hex(secret, message), signature);
}

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A random reference of `length` Crockford base32 characters (80 bits for 16). */
export function randomReference(prefix: string, length = 16): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const byte of bytes) out += alphabet[byte % 32];
  return out;
}
