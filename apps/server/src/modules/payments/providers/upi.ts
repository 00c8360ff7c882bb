import { paiseToRupeeString } from '@store/contracts/money';

export interface UpiLinkInput {
  /** merchant VPA, e.g. store@okaxis */
  payeeVpa: string;
  payeeName: string;
  amountPaise: number;
  note: string;
  /** our payment reference, echoed back by the payer's bank */
  reference: string;
}

// NPCI's linking specification percent-encodes values; URLSearchParams would write spaces as '+',
// which some UPI apps show literally, so each value is encoded with encodeURIComponent.
const enc = (value: string) => encodeURIComponent(value);

/** upi://pay?pa=..&pn=..&am=..&cu=INR&tn=..&tr=.. (NPCI UPI linking format). */
export function buildUpiLink(input: UpiLinkInput): string {
  const params: [string, string][] = [
    ['pa', input.payeeVpa],
    ['pn', input.payeeName],
    ['am', paiseToRupeeString(input.amountPaise)],
    ['cu', 'INR'],
    ['tn', input.note.slice(0, 80)],
    ['tr', input.reference],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${enc(v)}`).join('&')}`;
}
