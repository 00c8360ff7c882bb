import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { EXPORT_MAX_ROWS } from '@store/contracts/admin/orders';
import {
  b2clLimitPaise,
  GSTR1_UQC,
  gstr1MonthProblem,
  shopMonth,
  type Gstr1,
  type Gstr1HsnRow,
} from '@store/contracts/admin/gstr1';
import { gstStateCodeOf, sumLineTaxes, type LineTax } from '@store/contracts/gst';
import type { Db } from '../../db/client';
import { invoices, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { dayStart, shopDate } from '../../lib/shop-days';
import type { DocumentSnapshot, SnapshotLine } from './document-snapshot';

/*
 * GSTR-1 for one month (docs/decisions/gstr1-export.md), read from the frozen snapshots of the
 * invoices and credit notes issued in that month (India's days), never from products or orders,
 * so the return says what the buyers were given. Added up in paise, written in rupees.
 */

const rupees = (paise: number) => Math.round(paise) / 100;
/** 2026-11-05T… → 05-11-2026, the day in India */
const portalDate = (iso: string) => shopDate(new Date(iso)).split('-').reverse().join('-');

type Section = 'b2b' | 'b2cl' | 'b2cs';

/** Where an invoice goes in GSTR-1 (a credit note follows the invoice it reduces). */
function sectionOf(invoice: DocumentSnapshot): Section {
  if (invoice.recipient.gstin) return 'b2b';
  const day = shopDate(new Date(invoice.issuedAt));
  if (!invoice.intraState && invoice.totals.totalPaise > b2clLimitPaise(day)) return 'b2cl';
  return 'b2cs';
}

const posOf = (s: DocumentSnapshot) =>
  s.placeOfSupply.stateCode ??
  gstStateCodeOf(s.placeOfSupply.state) ??
  s.supplier.stateCode ??
  (s.supplier.gstin ?? '97').slice(0, 2);

const taxesOf = (t: LineTax) => ({
  txval: rupees(t.taxablePaise),
  iamt: rupees(t.igstPaise),
  camt: rupees(t.cgstPaise),
  samt: rupees(t.sgstPaise),
  csamt: 0,
});

/** One item per GST rate, as the portal wants them; nil-rated lines go to table 8 instead. */
function itemsOf(lines: readonly SnapshotLine[]) {
  const byRate = new Map<number, SnapshotLine[]>();
  for (const l of lines) {
    if (l.rateBp === 0) continue;
    byRate.set(l.rateBp, [...(byRate.get(l.rateBp) ?? []), l]);
  }
  return [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, ls], i) => ({
      num: i + 1,
      itm_det: { rt: rateBp / 100, ...taxesOf(sumLineTaxes(ls)) },
    }));
}

const addInto = (into: LineTax, t: LineTax, sign: number) => {
  into.taxablePaise += sign * t.taxablePaise;
  into.cgstPaise += sign * t.cgstPaise;
  into.sgstPaise += sign * t.sgstPaise;
  into.igstPaise += sign * t.igstPaise;
};
const noTax = (): LineTax => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
const isZero = (t: LineTax) =>
  t.taxablePaise === 0 && t.cgstPaise === 0 && t.sgstPaise === 0 && t.igstPaise === 0;

/** The store's GSTIN, and the month checked: 400 for a bad or future month, 409 unregistered. */
async function storeGstin(db: Db, storeId: string, month: string): Promise<string> {
  const problem = gstr1MonthProblem(month, shopMonth());
  if (problem) throw new HttpError(400, `month: ${problem}`, { month: problem }, 'invalid_input');
  const [store] = await db
    .select({ gstin: stores.gstin })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store?.gstin)
    throw new HttpError(
      409,
      'The store has no GSTIN in its settings: a shop that is not registered for GST files no GSTR-1',
    );
  return store.gstin;
}

const nextMonthStart = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

export async function buildGstr1(db: Db, storeId: string, month: string): Promise<Gstr1> {
  const gstin = await storeGstin(db, storeId, month);
  const where = and(
    eq(invoices.storeId, storeId),
    gte(invoices.issuedAt, dayStart(`${month}-01`)),
    lt(invoices.issuedAt, dayStart(nextMonthStart(month))),
  );
  const [matching] = await db.select({ n: count() }).from(invoices).where(where);
  if ((matching?.n ?? 0) > EXPORT_MAX_ROWS)
    throw new HttpError(
      400,
      `${matching!.n.toLocaleString('en-IN')} documents were issued that month; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-IN')}`,
      undefined,
      'too_many_rows',
    );
  const rows = await db
    .select({ kind: invoices.kind, sequence: invoices.sequence, snapshot: invoices.snapshot })
    .from(invoices)
    .where(where)
    .orderBy(asc(invoices.kind), asc(invoices.financialYear), asc(invoices.sequence));
  // documents issued under another registration (or none: a bill of supply) are not this return's
  const docs = rows
    .map((r) => ({ ...r, s: r.snapshot as DocumentSnapshot }))
    .filter((d) => d.s.supplier.gstin === gstin);

  // the invoice each credit note reduces decides its table, even one issued in an earlier month
  const noteOrders = [
    ...new Set(docs.filter((d) => d.kind === 'credit_note').map((d) => d.s.orderId)),
  ];
  const invoiceOfOrder = new Map<string, DocumentSnapshot>();
  if (noteOrders.length > 0)
    for (const r of await db
      .select({ orderId: invoices.orderId, snapshot: invoices.snapshot })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), inArray(invoices.orderId, noteOrders))))
      invoiceOfOrder.set(r.orderId, r.snapshot as DocumentSnapshot);

  const out: Gstr1 = {
    gstin,
    fp: `${month.slice(5, 7)}${month.slice(0, 4)}`,
    b2b: [],
    b2cl: [],
    b2cs: [],
    cdnr: [],
    cdnur: [],
    nil: { inv: [] },
    hsn: { hsn_b2b: [], hsn_b2c: [] },
    doc_issue: { doc_det: [] },
  };
  const b2b = new Map<string, Gstr1['b2b'][number]>();
  const b2cl = new Map<string, Gstr1['b2cl'][number]>();
  const cdnr = new Map<string, Gstr1['cdnr'][number]>();
  const b2cs = new Map<
    string,
    { sply: 'INTER' | 'INTRA'; pos: string; rateBp: number; t: LineTax }
  >();
  const nil = new Map<string, number>();
  const hsn = new Map<
    string,
    { b2b: boolean; hsn: string; desc: string; rateBp: number; qty: number; t: LineTax }
  >();

  for (const { kind, s } of docs) {
    const note = kind === 'credit_note';
    const section = sectionOf(note ? (invoiceOfOrder.get(s.orderId) ?? s) : s);
    const registered = section === 'b2b';
    const sign = note ? -1 : 1;
    const pos = posOf(s);
    const itms = itemsOf(s.lines);
    const val = rupees(s.totals.totalPaise);
    const dt = portalDate(s.issuedAt);

    if (itms.length > 0) {
      if (section === 'b2b' && !note) {
        const ctin = s.recipient.gstin!;
        const entry = b2b.get(ctin) ?? { ctin, inv: [] };
        entry.inv.push({ inum: s.number, idt: dt, val, pos, rchrg: 'N', inv_typ: 'R', itms });
        b2b.set(ctin, entry);
      } else if (section === 'b2b') {
        const ctin = s.recipient.gstin!;
        const entry = cdnr.get(ctin) ?? { ctin, nt: [] };
        entry.nt.push({
          ntty: 'C',
          nt_num: s.number,
          nt_dt: dt,
          val,
          pos,
          rchrg: 'N',
          inv_typ: 'R',
          itms,
        });
        cdnr.set(ctin, entry);
      } else if (section === 'b2cl' && !note) {
        const entry = b2cl.get(pos) ?? { pos, inv: [] };
        entry.inv.push({ inum: s.number, idt: dt, val, itms });
        b2cl.set(pos, entry);
      } else if (section === 'b2cl') {
        out.cdnur.push({ typ: 'B2CL', ntty: 'C', nt_num: s.number, nt_dt: dt, val, pos, itms });
      } else {
        // B2C small is a summary: a credit note nets against it (the portal's rule for table 7)
        const sply = s.intraState ? 'INTRA' : 'INTER';
        for (const l of s.lines) {
          if (l.rateBp === 0) continue;
          const key = `${sply}|${pos}|${l.rateBp}`;
          const row = b2cs.get(key) ?? { sply, pos, rateBp: l.rateBp, t: noTax() };
          addInto(row.t, l, sign);
          b2cs.set(key, row);
        }
      }
    }

    for (const l of s.lines) {
      if (l.rateBp === 0) {
        const key = `${s.intraState ? 'INTRA' : 'INTR'}${registered ? 'B2B' : 'B2C'}`;
        nil.set(key, (nil.get(key) ?? 0) + sign * l.taxablePaise);
      }
      const key = `${registered}|${l.hsnCode}|${l.rateBp}`;
      const row = hsn.get(key) ?? {
        b2b: registered,
        hsn: l.hsnCode,
        desc: l.description.slice(0, 30),
        rateBp: l.rateBp,
        qty: 0,
        t: noTax(),
      };
      // a credit note returning part of a line's value returns no units
      row.qty += sign * (l.quantity ?? 0);
      addInto(row.t, l, sign);
      hsn.set(key, row);
    }
  }

  out.b2b = [...b2b.values()];
  out.b2cl = [...b2cl.values()];
  out.cdnr = [...cdnr.values()];
  out.b2cs = [...b2cs.values()]
    .filter((r) => !isZero(r.t))
    .map((r) => ({
      sply_ty: r.sply,
      pos: r.pos,
      typ: 'OE' as const,
      rt: r.rateBp / 100,
      ...taxesOf(r.t),
    }));
  out.nil.inv = (['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'] as const)
    .filter((k) => (nil.get(k) ?? 0) !== 0)
    .map((k) => ({ sply_ty: k, expt_amt: 0, nil_amt: rupees(nil.get(k)!), ngsup_amt: 0 }));
  const hsnRows = (registered: boolean): Gstr1HsnRow[] =>
    [...hsn.values()]
      .filter((r) => r.b2b === registered && !(isZero(r.t) && r.qty === 0))
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp)
      .map((r, i) => ({
        num: i + 1,
        hsn_sc: r.hsn,
        desc: r.desc,
        uqc: GSTR1_UQC,
        qty: r.qty,
        rt: r.rateBp / 100,
        ...taxesOf(r.t),
      }));
  out.hsn = { hsn_b2b: hsnRows(true), hsn_b2c: hsnRows(false) };

  // table 13: each series (kind and financial year) from its first to its last number this month;
  // numbers are never skipped or cancelled here, so a gap would show as cancelled
  const series = new Map<string, { kind: string; docs: typeof docs }>();
  for (const d of docs) {
    const key = `${d.kind}|${d.s.financialYear}`;
    series.set(key, { kind: d.kind, docs: [...(series.get(key)?.docs ?? []), d] });
  }
  for (const [docNum, kind] of [
    [1, 'invoice'],
    [5, 'credit_note'],
  ] as const) {
    const ranges = [...series.values()]
      .filter((x) => x.kind === kind)
      .map((x, i) => {
        const first = x.docs[0]!;
        const last = x.docs.at(-1)!;
        const totnum = last.sequence - first.sequence + 1;
        return {
          num: i + 1,
          from: first.s.number,
          to: last.s.number,
          totnum,
          cancel: totnum - x.docs.length,
          net_issue: x.docs.length,
        };
      });
    if (ranges.length > 0) out.doc_issue.doc_det.push({ doc_num: docNum, docs: ranges });
  }
  return out;
}
