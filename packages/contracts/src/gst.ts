// GST rules both sides apply (docs/decisions/gst-invoices.md). Plain module, no zod import, so the
// storefront's entry chunk can use it. Money is in paise (integers) throughout: nothing here rounds
// twice, and every split adds back up to the price the shopper paid.

import { IST_OFFSET_MS } from './delivery';

/** The rates GST knows, in basis points (1800 = 18%); stationery uses 0, 5% and 18% since 22 Sep 2025. */
export const GST_RATES_BP = [0, 25, 300, 500, 1200, 1800, 2800, 4000] as const;

/** HSN code as printed on an invoice: 4, 6 or 8 digits. */
export const hsnPattern = /^(?:\d{4}|\d{6}|\d{8})$/;

/** The percentage as people write it: 1800 → '18', 25 → '0.25'. */
export function formatGstRate(rateBp: number): string {
  return String(rateBp / 100);
}

/**
 * The HSN heading and rate a new product of this category usually has, for a CSV row without the
 * hsn_code or gst_rate column (older exports) and as the back office's new product form's first
 * choice: the same table migration 0004 applied to products
 * that existed before GST. 18% unless the category is nil-rated: charging too little is the
 * mistake an owner cannot undo, and the back office corrects any one product.
 */
export function usualGstOfCategory(category: string): { hsnCode: string; gstRateBp: number } {
  switch (category.trim().toLowerCase()) {
    case 'magazines':
      return { hsnCode: '4902', gstRateBp: 0 };
    case 'paper':
      return { hsnCode: '4802', gstRateBp: 1800 };
    case 'ink':
      return { hsnCode: '3215', gstRateBp: 1800 };
    case 'pens & writing':
      return { hsnCode: '9608', gstRateBp: 1800 };
    case 'art supplies':
      return { hsnCode: '9603', gstRateBp: 1800 };
    case 'accessories':
      return { hsnCode: '8305', gstRateBp: 1800 };
    default:
      return { hsnCode: '4820', gstRateBp: 1800 };
  }
}

/**
 * GST state codes (the first two characters of a GSTIN and the "place of supply" code), for the
 * names in india.ts. 97 is "Other Territory"; 38 Ladakh; 26 the merged Dadra and Nagar Haveli and
 * Daman and Diu (25 is the old Daman and Diu, still valid on older registrations).
 */
export const gstStateCodes: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const validStateCodes = new Set([...Object.values(gstStateCodes), '25', '97', '99']);

/** The state code of a state name (case-insensitive), or null. */
export function gstStateCodeOf(state: string): string | null {
  const wanted = state.trim().toLowerCase();
  for (const [name, code] of Object.entries(gstStateCodes)) {
    if (name.toLowerCase() === wanted) return code;
  }
  return null;
}

/** The state a GSTIN is registered in, or null for 97/99 and unknown codes. */
export function gstStateOfGstin(gstin: string): string | null {
  const code = gstin.slice(0, 2);
  if (code === '25') return 'Dadra and Nagar Haveli and Daman and Diu';
  return Object.entries(gstStateCodes).find(([, c]) => c === code)?.[0] ?? null;
}

export const gstinPattern = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const gstinMessages = {
  format: 'Enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW',
  stateCode: 'The first two digits of a GSTIN are a state code (01 to 38)',
  checkCharacter: 'This GSTIN is not valid: please check it for typing mistakes',
} as const;

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN: the GSTN's weighted base-36 checksum of the first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN as typed: trimmed, spaces dropped, upper case. */
export function normalizeGstin(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** null when the GSTIN is valid (pattern, state code, check character), else the message to show. */
export function gstinProblem(input: string): string | null {
  const gstin = normalizeGstin(input);
  if (!gstinPattern.test(gstin)) return gstinMessages.format;
  if (!validStateCodes.has(gstin.slice(0, 2))) return gstinMessages.stateCode;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return gstinMessages.checkCharacter;
  return null;
}

export interface LineTax {
  /** the value GST is charged on */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Splits a tax-inclusive line amount (unit price × quantity, as the shopper paid it) into its
 * taxable value and tax. Inside the store's state the tax is CGST + SGST, two equal halves, each
 * rounded to the paisa; elsewhere it is IGST. The taxable value takes what is left, so
 * taxable + tax is always exactly the line amount.
 */
export function splitLineTax(grossPaise: number, rateBp: number, intraState: boolean): LineTax {
  if (rateBp === 0) return { taxablePaise: grossPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  if (intraState) {
    // each half is rate/2 of the taxable value: gross × (rate/2) / (1 + rate)
    const half = Math.round((grossPaise * rateBp) / 2 / (10_000 + rateBp));
    return { taxablePaise: grossPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  const igst = Math.round((grossPaise * rateBp) / (10_000 + rateBp));
  return { taxablePaise: grossPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst };
}

/** Intra-state supply (CGST + SGST) when the place of supply is the supplier's state. */
export function isIntraState(supplierState: string, placeOfSupply: string): boolean {
  return supplierState.trim().toLowerCase() === placeOfSupply.trim().toLowerCase();
}

/** Sums line taxes (for totals that must match the lines to the paisa). */
export function sumLineTaxes(lines: readonly LineTax[]): LineTax {
  return lines.reduce<LineTax>(
    (t, l) => ({
      taxablePaise: t.taxablePaise + l.taxablePaise,
      cgstPaise: t.cgstPaise + l.cgstPaise,
      sgstPaise: t.sgstPaise + l.sgstPaise,
      igstPaise: t.igstPaise + l.igstPaise,
    }),
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
  );
}

/** The Indian financial year (April to March, in IST) a moment falls in: '2026-27'. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in words, Indian grouping: 1,23,45,678 → 'One Crore Twenty-Three Lakh …'. */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole amount: ${n}`);
  if (n === 0) return 'Zero';
  const parts = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore > 0) parts.push(`${numberInIndianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An invoice's "total in words": 123450 paise → 'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${numberInIndianWords(rupees)}`;
  return rest > 0 ? `${words} and ${belowHundred(rest)} Paise Only` : `${words} Only`;
}

/**
 * Goods worth more than this in one consignment move with an e-way bill (rule 138 of the CGST
 * Rules): the back office warns on such an order, as nothing here generates the bill.
 */
export const EWAY_BILL_LIMIT_PAISE = 50_000_00;
export const needsEwayBill = (totalPaise: number) => totalPaise > EWAY_BILL_LIMIT_PAISE;
