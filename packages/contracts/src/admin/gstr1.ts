// GSTR-1 (the monthly return of outward supplies) in the JSON the GST portal and the GSTN offline
// tool read, and the month it is asked for (docs/decisions/gstr1-export.md). Amounts are rupees
// with 2 decimals as the portal wants them; the server adds them up in paise first.
import { z } from 'zod';
import { IST_OFFSET_MS } from '../delivery';

/** GET /admin/reports/gstr1.json|csv?month=YYYY-MM and `npm run store -- gst gstr1 --month`. */
export const gstr1QuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-11'),
});
export type Gstr1Query = z.output<typeof gstr1QuerySchema>;

/** The shop's month (India's time) as YYYY-MM: the newest a return may be asked for. */
export const shopMonth = (now = new Date()) =>
  new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);

/**
 * Why a month cannot be asked for (`thisMonth`: the shop's month, YYYY-MM in India's time), or
 * null. The month under way may be exported (to check it); a month to come has no supplies yet.
 */
export function gstr1MonthProblem(month: string, thisMonth: string): string | null {
  if (!gstr1QuerySchema.shape.month.safeParse(month).success) return 'Use a month like 2026-11';
  if (month > thisMonth)
    return `${month} has not begun yet: choose ${thisMonth} or an earlier month`;
  return null;
}

/**
 * B2C large (table 5): an inter-state invoice to an unregistered buyer whose value is more than
 * this. ₹1,00,000 for invoices from 1 August 2024 (Notification 12/2024-Central Tax), ₹2,50,000
 * before; the invoice's own date decides, also for a credit note issued against it later.
 */
export const B2CL_LIMIT_FROM = '2024-08-01';
export function b2clLimitPaise(invoiceDay: string): number {
  return invoiceDay >= B2CL_LIMIT_FROM ? 1_00_000_00 : 2_50_000_00;
}

/** The unit quantity code of every line: stationery sells by the piece ("NOS", numbers). */
export const GSTR1_UQC = 'NOS';

const amount = z.number();
const itemDetail = z.object({
  txval: amount,
  rt: z.number(),
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
const items = z.array(z.object({ num: z.number().int(), itm_det: itemDetail }));

const hsnRow = z.object({
  num: z.number().int(),
  hsn_sc: z.string(),
  desc: z.string(),
  uqc: z.string(),
  qty: z.number(),
  txval: amount,
  rt: z.number(),
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
export type Gstr1HsnRow = z.infer<typeof hsnRow>;

const docRange = z.object({
  num: z.number().int(),
  from: z.string(),
  to: z.string(),
  totnum: z.number().int(),
  cancel: z.number().int(),
  net_issue: z.number().int(),
});

export const gstr1Schema = z.object({
  gstin: z.string(),
  /** the return period, MMYYYY */
  fp: z.string(),
  b2b: z.array(
    z.object({
      ctin: z.string(),
      inv: z.array(
        z.object({
          inum: z.string(),
          /** DD-MM-YYYY */
          idt: z.string(),
          val: amount,
          pos: z.string(),
          rchrg: z.literal('N'),
          inv_typ: z.literal('R'),
          itms: items,
        }),
      ),
    }),
  ),
  b2cl: z.array(
    z.object({
      pos: z.string(),
      inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: amount, itms: items })),
    }),
  ),
  b2cs: z.array(
    z.object({
      sply_ty: z.enum(['INTER', 'INTRA']),
      pos: z.string(),
      typ: z.literal('OE'),
      rt: z.number(),
      txval: amount,
      iamt: amount,
      camt: amount,
      samt: amount,
      csamt: amount,
    }),
  ),
  cdnr: z.array(
    z.object({
      ctin: z.string(),
      nt: z.array(
        z.object({
          ntty: z.literal('C'),
          nt_num: z.string(),
          nt_dt: z.string(),
          val: amount,
          pos: z.string(),
          rchrg: z.literal('N'),
          inv_typ: z.literal('R'),
          itms: items,
        }),
      ),
    }),
  ),
  cdnur: z.array(
    z.object({
      typ: z.literal('B2CL'),
      ntty: z.literal('C'),
      nt_num: z.string(),
      nt_dt: z.string(),
      val: amount,
      pos: z.string(),
      itms: items,
    }),
  ),
  /** table 8: nil-rated supplies, by inter/intra-state and registered/unregistered buyer */
  nil: z.object({
    inv: z.array(
      z.object({
        sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']),
        expt_amt: amount,
        nil_amt: amount,
        ngsup_amt: amount,
      }),
    ),
  }),
  /** table 12, split into supplies to registered and to unregistered buyers (from 2025) */
  hsn: z.object({ hsn_b2b: z.array(hsnRow), hsn_b2c: z.array(hsnRow) }),
  /** table 13: doc_num 1 invoices for outward supply, 5 credit notes */
  doc_issue: z.object({
    doc_det: z.array(z.object({ doc_num: z.number().int(), docs: z.array(docRange) })),
  }),
});
export type Gstr1 = z.infer<typeof gstr1Schema>;
