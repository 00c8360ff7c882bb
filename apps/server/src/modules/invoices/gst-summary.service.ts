import { and, asc, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import { formatGstRate } from '@store/contracts/gst';
import { EXPORT_MAX_ROWS, type GstSummaryQuery } from '@store/contracts/admin/orders';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { HttpError } from '../../lib/errors';
import { checkRange, dayStart, shopDate } from '../../lib/shop-days';
import type { DocumentSnapshot } from './document-snapshot';

const rupees = (paise: number) => (paise / 100).toFixed(2);

export const gstSummaryHeader = [
  'Document',
  'Number',
  'Issued (IST)',
  'Order',
  'Buyer',
  'Buyer GSTIN',
  'Place of supply',
  'GST rate %',
  'HSN',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
];

interface RateTotals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}
const zero = (): RateTotals => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
const add = (into: RateTotals, t: RateTotals) => {
  into.taxable += t.taxable;
  into.cgst += t.cgst;
  into.sgst += t.sgst;
  into.igst += t.igst;
  into.total += t.total;
};
const money = (t: RateTotals) => [t.taxable, t.cgst, t.sgst, t.igst, t.total].map(rupees);

/** The range asked for, or this month so far in India's days. */
export function gstSummaryRange(q: GstSummaryQuery, today = shopDate()) {
  checkRange(q.from, q.to);
  const from = q.from ?? `${today.slice(0, 8)}01`;
  const to = q.to ?? today;
  // only the start given, after today: nothing to list, said as the range the owner typed
  checkRange(from, to);
  return { from, to };
}

/**
 * The tax invoices and credit notes issued in a range, for the accountant: one row per document
 * and GST rate (a credit note's amounts negative, as it reduces the month's tax), read from each
 * document's frozen snapshot, so the sheet says what the buyer was given; then one total per rate
 * and a grand total. Refused (400) above EXPORT_MAX_ROWS documents.
 */
export async function gstSummaryCsv(
  db: Db,
  storeId: string,
  range: { from: string; to: string },
): Promise<string> {
  const where: SQL = and(
    eq(invoices.storeId, storeId),
    gte(invoices.issuedAt, dayStart(range.from)),
    lt(invoices.issuedAt, dayStart(range.to, 1)),
  )!;
  const [matching] = await db.select({ n: count() }).from(invoices).where(where);
  if ((matching?.n ?? 0) > EXPORT_MAX_ROWS)
    throw new HttpError(
      400,
      `${matching!.n.toLocaleString('en-IN')} documents were issued then; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-IN')}: choose a shorter date range`,
      undefined,
      'too_many_rows',
    );
  const docs = await db
    .select({ snapshot: invoices.snapshot })
    .from(invoices)
    .where(where)
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));

  const rows: string[][] = [gstSummaryHeader];
  const byRate = new Map<number, RateTotals>();
  const grand = zero();
  for (const { snapshot } of docs) {
    const s = snapshot as DocumentSnapshot;
    const sign = s.kind === 'credit_note' ? -1 : 1;
    const rates = new Map<number, RateTotals & { hsn: Set<string> }>();
    for (const line of s.lines) {
      const r = rates.get(line.rateBp) ?? { ...zero(), hsn: new Set<string>() };
      add(r, {
        taxable: sign * line.taxablePaise,
        cgst: sign * line.cgstPaise,
        sgst: sign * line.sgstPaise,
        igst: sign * line.igstPaise,
        total: sign * line.totalPaise,
      });
      r.hsn.add(line.hsnCode);
      rates.set(line.rateBp, r);
    }
    for (const [rateBp, r] of [...rates].sort(([a], [b]) => a - b)) {
      rows.push([
        s.kind === 'credit_note' ? 'Credit note' : 'Tax invoice',
        s.number,
        s.issuedAt ? shopDate(new Date(s.issuedAt)) : '',
        s.orderId,
        s.recipient.name,
        s.recipient.gstin ?? '',
        [s.placeOfSupply.stateCode, s.placeOfSupply.state].filter(Boolean).join('-'),
        formatGstRate(rateBp),
        [...r.hsn].sort().join(' '),
        ...money(r),
      ]);
      const total = byRate.get(rateBp) ?? zero();
      add(total, r);
      byRate.set(rateBp, total);
      add(grand, r);
    }
  }
  rows.push([]);
  for (const [rateBp, t] of [...byRate].sort(([a], [b]) => a - b))
    rows.push([
      `Total at ${formatGstRate(rateBp)}%`,
      '',
      '',
      '',
      '',
      '',
      '',
      formatGstRate(rateBp),
      '',
      ...money(t),
    ]);
  rows.push(['Total', '', '', '', '', '', '', '', '', ...money(grand)]);
  return toCsv(rows);
}
