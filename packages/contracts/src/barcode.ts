/**
 * Product barcodes: a GTIN as printed under the bars (EAN-13, UPC-A, EAN-8, or GTIN-14 on a
 * carton), checked by its check digit so that a mistyped digit is caught when it is entered.
 * Zod-free (the storefront may read it). Decisions: docs/decisions/delivery-charges.md.
 */

/** What the owner types, as the digits it means: "8 901030 865278" → "8901030865278". */
export function normalizeBarcode(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

export const barcodeMessages = {
  format: 'A barcode is the 8, 12, 13 or 14 digits under the bars (EAN-8, UPC-A, EAN-13, GTIN-14)',
  checkDigit: 'This barcode’s last digit does not match the others: check each digit',
} as const;

/**
 * The GS1 check digit of the digits before it: from the right, weights 3, 1, 3, 1…; the digit
 * that brings the sum to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Null when `code` (normalised) is a GTIN with a good check digit, else what to fix. */
export function barcodeProblem(code: string): string | null {
  const digits = normalizeBarcode(code);
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return barcodeMessages.format;
  const check = gtinCheckDigit(digits.slice(0, -1));
  return check === Number(digits.at(-1)) ? null : barcodeMessages.checkDigit;
}
