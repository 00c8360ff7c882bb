import { writeFile } from 'node:fs/promises';
import type { Gstr1 } from '@store/contracts/admin/gstr1';
import { gstr1Csv } from '../modules/invoices/gstr1-csv';
import { CommandError } from './command-error';

const paiseOf = (rupees: number) => Math.round(rupees * 100);
const inr = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Writes the return to the operator's file and says what is in it. */
export async function writeGstr1(
  gstr1: Gstr1,
  { month, out, format }: { month: string; out: string; format: 'json' | 'csv' },
): Promise<string> {
  const body = format === 'csv' ? gstr1Csv(gstr1) : `${JSON.stringify(gstr1, null, 2)}\n`;
  try {
    await writeFile(out, body);
  } catch (err) {
    throw new CommandError(`Could not write ${out}: ${(err as Error).message}`);
  }
  const hsn = [...gstr1.hsn.hsn_b2b, ...gstr1.hsn.hsn_b2c];
  const sum = (key: 'txval' | 'iamt' | 'camt' | 'samt') =>
    inr(hsn.reduce((s, h) => s + paiseOf(h[key]), 0));
  const count = (kind: number) =>
    gstr1.doc_issue.doc_det
      .filter((d) => d.doc_num === kind)
      .flatMap((d) => d.docs)
      .reduce((s, d) => s + d.net_issue, 0);
  return [
    `GSTR-1 of ${month} for GSTIN ${gstr1.gstin} written to ${out} (${format.toUpperCase()})`,
    `  ${count(1)} invoices, ${count(5)} credit notes`,
    `  B2B: ${gstr1.b2b.reduce((s, b) => s + b.inv.length, 0)} invoices to ${gstr1.b2b.length} GSTINs; ` +
      `B2C large: ${gstr1.b2cl.reduce((s, b) => s + b.inv.length, 0)}; B2C small: ${gstr1.b2cs.length} rows; ` +
      `credit notes: ${gstr1.cdnr.reduce((s, c) => s + c.nt.length, 0)} registered, ${gstr1.cdnur.length} unregistered`,
    `  HSN summary: taxable ${sum('txval')}, IGST ${sum('iamt')}, CGST ${sum('camt')}, SGST ${sum('samt')}`,
  ].join('\n');
}
