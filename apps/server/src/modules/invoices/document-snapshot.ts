// What a tax invoice or credit note prints, frozen at issue (invoices.snapshot). The PDF is drawn
// from this alone, so a later change to a product, the store or the order never alters a document
// the shop has already given the buyer (rule 46 wants it as issued). Amounts are integer paise.
import { splitLineTax, sumLineTaxes, type LineTax } from '@store/contracts/gst';

export type DocumentKind = 'invoice' | 'credit_note';

export interface SnapshotParty {
  name: string;
  /** a registered buyer's or the supplier's GSTIN; null for a consumer (B2C) */
  gstin: string | null;
  /** lines as printed */
  address: string[];
  state: string | null;
  stateCode: string | null;
}

export interface SnapshotLine extends LineTax {
  position: number;
  /** title, then size and colour */
  description: string;
  hsnCode: string;
  /** null on a credit note line that returns part of a line's value rather than whole units */
  quantity: number | null;
  /** tax-inclusive, as the shopper paid it; null with quantity */
  unitPricePaise: number | null;
  rateBp: number;
  /** taxable + taxes: what the buyer paid for the line (or gets back) */
  totalPaise: number;
  /**
   * what discounts took off quantity × unit price before GST (the taxable value is on what is
   * left); absent: none, or a credit note line returning part of a line's value
   */
  discountPaise?: number;
}

export interface DocumentSnapshot {
  version: 1;
  kind: DocumentKind;
  number: string;
  financialYear: string;
  issuedAt: string;
  orderId: string;
  orderDate: string;
  supplier: SnapshotParty & {
    legalName: string;
    tradeName: string;
    email: string;
    phone: string;
  };
  recipient: SnapshotParty;
  shipTo: SnapshotParty;
  placeOfSupply: { state: string; stateCode: string | null };
  /** CGST + SGST (true) or IGST */
  intraState: boolean;
  reverseCharge: 'No';
  lines: SnapshotLine[];
  /** discountPaise: the lines' discounts added up (absent on documents without any) */
  totals: LineTax & { totalPaise: number; discountPaise?: number };
  /** the discounts the order got, as printed ("SAVE10: 10% off"), and what each took off the goods */
  discounts?: { label: string; amountPaise: number }[];
  /**
   * the order's delivery charge: 0 prints "Delivery: Free"; a charge is also one of the lines
   * (taxed with the goods), so the totals hold it. Absent on documents issued before it existed.
   */
  delivery?: { paise: number };
  /** the cash-on-delivery fee, when charged (also one of the lines); absent: none */
  codFee?: { paise: number };
  totalInWords: string;
  /** a credit note: the invoice it reduces, and the refund it records */
  against: { number: string; issuedAt: string } | null;
  refund: { id: string; reference: string | null } | null;
  /** a credit note with no refund: why, as printed (e.g. 'Goods returned undelivered') */
  reason?: string;
}

const lineTotal = (t: LineTax) => t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise;

export function totalsOf(
  lines: readonly (LineTax & { discountPaise?: number })[],
): DocumentSnapshot['totals'] {
  const sum = sumLineTaxes(lines);
  const discountPaise = lines.reduce((s, l) => s + (l.discountPaise ?? 0), 0);
  return { ...sum, totalPaise: lineTotal(sum), ...(discountPaise > 0 ? { discountPaise } : {}) };
}

export function withLineTotal<T extends LineTax>(line: T): T & { totalPaise: number } {
  return { ...line, totalPaise: lineTotal(line) };
}

/**
 * The lines of a credit note returning `amountPaise` of an invoice, of which `credited` (per line,
 * from earlier credit notes) has already been returned. Returning everything that is left gives
 * back exactly what remains of each line, component by component, so a full refund reverses the
 * invoice to the paisa. Less than that is spread over the remaining lines by value, in whole
 * paise (each line rounded down, the last line taking the remainder), and each share is split
 * with the line's own rate and the invoice's CGST+SGST or IGST.
 */
export function creditLines(
  invoiceLines: readonly SnapshotLine[],
  credited: ReadonlyMap<number, LineTax>,
  amountPaise: number,
  intraState: boolean,
): SnapshotLine[] {
  const remaining = invoiceLines.map((l) => {
    const done = credited.get(l.position);
    const left: LineTax = {
      taxablePaise: l.taxablePaise - (done?.taxablePaise ?? 0),
      cgstPaise: l.cgstPaise - (done?.cgstPaise ?? 0),
      sgstPaise: l.sgstPaise - (done?.sgstPaise ?? 0),
      igstPaise: l.igstPaise - (done?.igstPaise ?? 0),
    };
    return { line: l, left, gross: lineTotal(left), whole: !done };
  });
  const remainingTotal = remaining.reduce((s, r) => s + r.gross, 0);
  if (amountPaise <= 0 || amountPaise > remainingTotal)
    throw new RangeError(`cannot credit ${amountPaise} of ${remainingTotal} paise`);

  if (amountPaise === remainingTotal) {
    return remaining
      .filter((r) => r.gross > 0)
      .map(({ line: { discountPaise, ...line }, left, whole }) =>
        withLineTotal({
          ...line,
          ...left,
          quantity: whole ? line.quantity : null,
          unitPricePaise: whole ? line.unitPricePaise : null,
          // a whole line returned as invoiced: its discount with it, so quantity × price adds up
          ...(whole && discountPaise ? { discountPaise } : {}),
        }),
      );
  }
  const open = remaining.filter((r) => r.gross > 0);
  const shares = open.map((r) =>
    Number((BigInt(amountPaise) * BigInt(r.gross)) / BigInt(remainingTotal)),
  );
  // the paise the rounding down left over go to the last line; a line is never given more than
  // is left of it, so any excess moves up to the lines before (amount < remaining: it always fits)
  let left = amountPaise - shares.reduce((s, x) => s + x, 0);
  for (let i = open.length - 1; i >= 0 && left > 0; i--) {
    const room = open[i]!.gross - shares[i]!;
    const take = Math.min(room, left);
    shares[i] = shares[i]! + take;
    left -= take;
  }
  return open
    .map(({ line: { discountPaise: _discount, ...line } }, i) =>
      withLineTotal({
        ...line,
        ...splitLineTax(shares[i]!, line.rateBp, intraState),
        quantity: null,
        unitPricePaise: null,
      }),
    )
    .filter((l) => l.totalPaise > 0);
}
