import type { Gstr1 } from '@store/contracts/admin/gstr1';
import { toCsv } from '../../lib/csv';

/*
 * GSTR-1 as one CSV with a Section column (b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn_b2b, hsn_b2c,
 * doc_issue), written from the same object as the JSON, so both say the same. One file rather
 * than one per section: it is for the accountant to read and filter in a spreadsheet (the JSON is
 * what the portal takes), it downloads as one file without a zip, and the offline tool's own
 * per-section CSV templates change their headers between releases.
 */

export const gstr1CsvHeader = [
  'Section',
  'GSTIN of recipient',
  'Document number',
  'Document date',
  'Document value',
  'Place of supply',
  'Supply type',
  'HSN',
  'Description',
  'UQC',
  'Quantity',
  'Rate %',
  'Taxable value',
  'IGST',
  'CGST',
  'SGST',
  'Cess',
  'Nil-rated value',
  'Series from',
  'Series to',
  'Total number',
  'Cancelled',
  'Net issued',
];

type Cells = Partial<Record<(typeof gstr1CsvHeader)[number], string | number>>;
type Item = Gstr1['b2b'][number]['inv'][number]['itms'][number];

const money = (n: number) => n.toFixed(2);
const taxes = (t: { txval: number; iamt: number; camt: number; samt: number; csamt: number }) => ({
  'Taxable value': money(t.txval),
  IGST: money(t.iamt),
  CGST: money(t.camt),
  SGST: money(t.samt),
  Cess: money(t.csamt),
});
const item = ({ itm_det }: Item): Cells => ({ 'Rate %': itm_det.rt, ...taxes(itm_det) });

export function gstr1Csv(r: Gstr1): string {
  const rows: Cells[] = [];
  const doc = (num: string, dt: string, val: number, pos: string): Cells => ({
    'Document number': num,
    'Document date': dt,
    'Document value': money(val),
    'Place of supply': pos,
  });
  for (const b of r.b2b)
    for (const inv of b.inv)
      for (const it of inv.itms)
        rows.push({
          Section: 'b2b',
          'GSTIN of recipient': b.ctin,
          ...doc(inv.inum, inv.idt, inv.val, inv.pos),
          ...item(it),
        });
  for (const b of r.b2cl)
    for (const inv of b.inv)
      for (const it of inv.itms)
        rows.push({ Section: 'b2cl', ...doc(inv.inum, inv.idt, inv.val, b.pos), ...item(it) });
  for (const s of r.b2cs)
    rows.push({
      Section: 'b2cs',
      'Place of supply': s.pos,
      'Supply type': s.sply_ty,
      'Rate %': s.rt,
      ...taxes(s),
    });
  for (const c of r.cdnr)
    for (const nt of c.nt)
      for (const it of nt.itms)
        rows.push({
          Section: 'cdnr',
          'GSTIN of recipient': c.ctin,
          ...doc(nt.nt_num, nt.nt_dt, nt.val, nt.pos),
          ...item(it),
        });
  for (const nt of r.cdnur)
    for (const it of nt.itms)
      rows.push({ Section: 'cdnur', ...doc(nt.nt_num, nt.nt_dt, nt.val, nt.pos), ...item(it) });
  for (const n of r.nil.inv)
    rows.push({ Section: 'nil', 'Supply type': n.sply_ty, 'Nil-rated value': money(n.nil_amt) });
  for (const section of ['hsn_b2b', 'hsn_b2c'] as const)
    for (const h of r.hsn[section])
      rows.push({
        Section: section,
        HSN: h.hsn_sc,
        Description: h.desc,
        UQC: h.uqc,
        Quantity: h.qty,
        'Rate %': h.rt,
        ...taxes(h),
      });
  for (const d of r.doc_issue.doc_det)
    for (const s of d.docs)
      rows.push({
        Section: 'doc_issue',
        'Supply type': d.doc_num === 1 ? 'Invoices for outward supply' : 'Credit notes',
        'Series from': s.from,
        'Series to': s.to,
        'Total number': s.totnum,
        Cancelled: s.cancel,
        'Net issued': s.net_issue,
      });
  return toCsv([gstr1CsvHeader, ...rows.map((c) => gstr1CsvHeader.map((h) => String(c[h] ?? '')))]);
}
