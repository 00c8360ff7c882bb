import { describe, expect, it } from 'vitest';
import { barcodeMessages, barcodeProblem, gtinCheckDigit, normalizeBarcode } from './barcode';

describe('barcodes (GTIN)', () => {
  it('accepts real EAN-13, UPC-A, EAN-8 and GTIN-14 codes', () => {
    // an Indian EAN-13 (890 is GS1 India), a UPC-A, an EAN-8 and a carton's GTIN-14
    for (const code of ['8901030865275', '036000291452', '96385074', '10012345678902']) {
      expect(barcodeProblem(code)).toBeNull();
    }
  });
  it('reads the code as printed, with spaces or hyphens', () => {
    expect(normalizeBarcode(' 8 901030-865275 ')).toBe('8901030865275');
    expect(barcodeProblem('8 901030 865275')).toBeNull();
  });
  it('catches one wrong digit and two swapped neighbours by the check digit', () => {
    expect(barcodeProblem('8901030865276')).toBe(barcodeMessages.checkDigit);
    expect(barcodeProblem('8901030856275')).toBe(barcodeMessages.checkDigit);
    expect(gtinCheckDigit('890103086527')).toBe(5);
  });
  it('refuses other lengths, letters and in-house codes (those belong in the SKU)', () => {
    for (const code of [
      '',
      '1234567',
      '12345678901',
      '123456789012345',
      'ABC-123',
      '89010308652７5',
    ]) {
      expect(barcodeProblem(code)).toBe(barcodeMessages.format);
    }
  });
});
