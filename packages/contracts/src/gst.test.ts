import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYearOf,
  gstinCheckCharacter,
  gstinMessages,
  gstinProblem,
  gstStateCodeOf,
  gstStateOfGstin,
  splitLineTax,
  sumLineTaxes,
} from './gst';

describe('GSTIN', () => {
  it('accepts a registration with the right state code and check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem(' 19aagck4821l1z7 ')).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses the old placeholder, whose check character is wrong', () => {
    expect(gstinProblem('29ABCDE1234F1Z5')).toBe(gstinMessages.checkCharacter);
    expect(gstinProblem('29ABCDE1234F1ZW')).toBeNull();
  });

  it('refuses state code 00 and malformed input', () => {
    expect(gstinProblem('00ABCDE1234F1Z5')).toBe(gstinMessages.stateCode);
    expect(gstinProblem('29ABCDE1234F1Y5')).toBe(gstinMessages.format);
    expect(gstinProblem('29ABCDE1234')).toBe(gstinMessages.format);
  });

  it('knows the state of a GSTIN and the code of a state', () => {
    expect(gstStateOfGstin('19AAGCK4821L1Z7')).toBe('West Bengal');
    expect(gstStateCodeOf('karnataka')).toBe('29');
    expect(gstStateCodeOf('Atlantis')).toBeNull();
  });
});

describe('splitLineTax', () => {
  it('splits 18% inside the state into equal CGST and SGST that add back to the price', () => {
    // ₹1,180.00 at 18%: ₹1,000.00 taxable, ₹90.00 + ₹90.00
    expect(splitLineTax(118_000, 1800, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
    });
  });

  it('charges IGST outside the state', () => {
    expect(splitLineTax(118_000, 1800, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    });
  });

  it('is exact to the paisa for awkward amounts', () => {
    for (const gross of [1, 99, 12_345, 34_999, 1_19_900]) {
      for (const rate of [500, 1200, 1800, 2800]) {
        for (const intra of [true, false]) {
          const t = splitLineTax(gross, rate, intra);
          expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(gross);
          expect(t.cgstPaise).toBe(t.sgstPaise);
        }
      }
    }
    // ₹349.99 at 5%: 1666.62… paise of tax → ₹16.67 IGST, ₹333.32 taxable
    expect(splitLineTax(34_999, 500, false)).toMatchObject({
      igstPaise: 1667,
      taxablePaise: 33_332,
    });
  });

  it('charges nothing on nil-rated goods', () => {
    expect(sumLineTaxes([splitLineTax(9_900, 0, true), splitLineTax(100, 0, false)])).toEqual({
      taxablePaise: 10_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
  });
});

describe('financialYearOf', () => {
  it('runs April to March in India', () => {
    expect(financialYearOf(new Date('2026-11-24T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:00:00Z'))).toBe('2026-27');
    // 31 March 18:30 UTC is already 1 April in India
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
  });
});

describe('amountInWords', () => {
  it('writes rupees and paise in Indian grouping', () => {
    expect(amountInWords(123_450)).toBe(
      'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only',
    );
    expect(amountInWords(1_23_45_678_00)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    );
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });
});
