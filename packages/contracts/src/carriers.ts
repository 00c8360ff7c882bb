// Carriers a shop in India ships with, and what their tracking numbers look like. Plain data and
// functions (no zod) so the storefront can name the carrier and link to its tracking page.

export interface Carrier {
  name: string;
  /** where a shopper follows a parcel; the tracking number is appended where it is `{n}` */
  trackingUrl: string;
  /** the carrier's own format, checked before the order is marked shipped */
  pattern: RegExp;
  /** said when a number does not fit */
  hint: string;
}

/** India Post's S10 numbers: two letters, 8 digits and a check digit, then IN (UPU S10). */
const S10 = /^[A-Z]{2}\d{9}IN$/;

export const carriers: readonly Carrier[] = [
  {
    name: 'India Post',
    trackingUrl:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    pattern: S10,
    hint: 'India Post numbers look like EE123456785IN',
  },
  {
    name: 'Blue Dart',
    trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo={n}',
    pattern: /^\d{8,11}$/,
    hint: 'Blue Dart waybills are 8 to 11 digits',
  },
  {
    name: 'Delhivery',
    trackingUrl: 'https://www.delhivery.com/track-v2/package/{n}',
    pattern: /^\d{10,16}$/,
    hint: 'Delhivery waybills are 10 to 16 digits',
  },
  {
    name: 'DTDC',
    trackingUrl: 'https://www.dtdc.in/tracking.asp?cnno={n}',
    pattern: /^[A-Z]\d{8,12}$/,
    hint: 'DTDC numbers are a letter and 8 to 12 digits',
  },
  {
    name: 'Ekart',
    trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{n}',
    pattern: /^[A-Z]{2,5}\d{8,14}$/,
    hint: 'Ekart numbers are 2 to 5 letters and 8 to 14 digits',
  },
  {
    name: 'Xpressbees',
    trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={n}',
    pattern: /^\d{12,16}$/,
    hint: 'Xpressbees waybills are 12 to 16 digits',
  },
  {
    name: 'Other courier',
    trackingUrl: '',
    pattern: /^[A-Z0-9][A-Z0-9-]{4,38}[A-Z0-9]$/,
    hint: 'Use 6 to 40 letters, digits and hyphens',
  },
];

export const carrierNames = carriers.map((c) => c.name) as [string, ...string[]];

/** A tracking number as staff type it: spaces dropped, letters upper-cased. */
export const normaliseTrackingNumber = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** UPU S10 check digit over the 8 serial digits (weights 8 6 4 2 3 5 9 7). */
function s10CheckDigitOk(n: string): boolean {
  const digits = n.slice(2, 10).split('').map(Number);
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = digits.reduce((s, d, i) => s + d * weights[i]!, 0);
  let check = 11 - (sum % 11);
  if (check === 10) check = 0;
  else if (check === 11) check = 5;
  return check === Number(n[10]);
}

/** Null when `trackingNumber` (normalised) fits the carrier; otherwise what is wrong. */
export function trackingNumberProblem(carrierName: string, trackingNumber: string): string | null {
  const carrier = carriers.find((c) => c.name === carrierName);
  if (!carrier) return `Choose a carrier from the list`;
  const n = normaliseTrackingNumber(trackingNumber);
  if (!carrier.pattern.test(n)) return carrier.hint;
  if (carrier.pattern === S10 && !s10CheckDigitOk(n))
    return 'This India Post number has a wrong check digit: check it against the receipt';
  return null;
}

/** The carrier's page for this parcel, or null when the carrier has none. */
export function trackingLink(carrierName: string | null, trackingNumber: string): string | null {
  const carrier = carriers.find((c) => c.name === carrierName);
  if (!carrier?.trackingUrl) return null;
  return carrier.trackingUrl.includes('{n}')
    ? carrier.trackingUrl.replace('{n}', encodeURIComponent(trackingNumber))
    : carrier.trackingUrl;
}
