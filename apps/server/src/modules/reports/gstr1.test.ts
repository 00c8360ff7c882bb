import { parse } from 'csv-parse/sync';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gstr1 } from '@store/contracts/admin/gstr1';
import { gstinCheckCharacter } from '@store/contracts/gst';
import { invoices, payments, products, stores } from '../../db/schema';
import { DEFAULT_STORE_ID, defaultStoreTax } from '../../db/seed-data/store';
import { shopDate } from '../../lib/shop-days';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import type { DocumentSnapshot } from '../invoices/document-snapshot';
import { gstr1CsvHeader } from '../invoices/gstr1-csv';

let t: TestApp;
let clerk: SignedInStaff;
let shopper: TestUser;

const month = shopDate().slice(0, 7);
const buyerGstin = (() => {
  const first14 = '29AABCT1332L1Z';
  return first14 + gstinCheckCharacter(first14);
})();

const karnataka = testShippingAddress;
const westBengal = {
  ...karnataka,
  address: '22 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
};

/** Plain products in stock that carry GST (the store is in West Bengal), cheapest first. */
async function taxedProducts(): Promise<string[]> {
  const taxed = new Set(
    (
      await t.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, DEFAULT_STORE_ID), gt(products.gstRateBp, 0)))
    ).map((p) => p.id),
  );
  const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json()
    .data as { id: string; variants: unknown[]; availability: { status: string } }[];
  return listed
    .filter((p) => p.variants.length === 0 && p.availability.status === 'in_stock')
    .map((p) => p.id)
    .filter((id) => taxed.has(id));
}

/** Places and pays an order through the sandbox gateway; `business`: the payment form's B2B fields. */
async function paidOrder(
  productIds: string[],
  address: typeof westBengal,
  business?: Record<string, string>,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: {
      products: Object.fromEntries(productIds.map((id) => [id, 1])),
      shippingAddress: address,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const orderId = res.json().id as string;
  const body = (await pay(t.app, shopper.token, orderId, validFields('gateway', business))).json();
  const { paymentId, token } = body.action.formParams.data;
  await decideInSandbox(t.app, paymentId, 'approve', token);
  return orderId;
}

/** Cancels a paid order and refunds its payment in full: its credit note. */
async function cancelAndRefund(orderId: string) {
  const cancel = await admin('POST', `/orders/${orderId}/cancel`, {});
  expect(cancel.statusCode, cancel.body).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  const refund = await admin('POST', `/orders/${orderId}/refunds`, {
    paymentId: payment!.id,
    amount: payment!.amountPaise / 100,
    reference: `UTR-${orderId}`,
  });
  expect(refund.statusCode, refund.body).toBe(200);
}

function admin(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = clerk.headers,
) {
  return t.app.inject({ method, url: `/api/v1/admin${url}`, headers, payload });
}

const documentOf = async (orderId: string, kind: 'invoice' | 'credit_note') => {
  const [doc] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  return doc!.snapshot as DocumentSnapshot;
};

const paise = (rupees: number) => Math.round(rupees * 100);

let b2bOrder: string;
let intraOrder: string;
let largeOrder: string;
let returnedOrder: string;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  shopper = await registerAndLogin(t.app);
  const taxed = await taxedProducts();
  expect(taxed.length).toBeGreaterThanOrEqual(6);
  b2bOrder = await paidOrder(taxed.slice(0, 2), karnataka, {
    companyName: 'Tara Traders',
    gstin: buyerGstin,
    billingAddress: '5 Brigade Road, Bengaluru',
    billingPincode: '560001',
  });
  intraOrder = await paidOrder(taxed.slice(2, 4), westBengal);
  returnedOrder = await paidOrder([taxed[4]!], westBengal);
  await cancelAndRefund(returnedOrder);
  // a shop selling one expensive item to a consumer in another state: B2C large (over ₹1,00,000)
  await t.db
    .update(products)
    .set({ regularPricePaise: 1_50_000_00, discountedPricePaise: null })
    .where(eq(products.id, taxed[5]!));
  largeOrder = await paidOrder([taxed[5]!], karnataka);
});
afterAll(() => t.close());

describe('GSTR-1 as the GST portal’s JSON', () => {
  let gstr1: Gstr1;
  beforeAll(async () => {
    const res = await admin('GET', `/reports/gstr1.json?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${defaultStoreTax.gstin}-${month}.json"`,
    );
    gstr1 = res.json();
  });

  it('names the store’s GSTIN and the period as MMYYYY', () => {
    expect(gstr1.gstin).toBe(defaultStoreTax.gstin);
    expect(gstr1.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
  });

  it('lists the business buyer’s invoice under its GSTIN, inter-state with IGST', async () => {
    const invoice = await documentOf(b2bOrder, 'invoice');
    const buyer = gstr1.b2b.find((b) => b.ctin === buyerGstin);
    const inv = buyer?.inv.find((i) => i.inum === invoice.number);
    expect(inv).toMatchObject({
      idt: shopDate(new Date(invoice.issuedAt)).split('-').reverse().join('-'),
      val: invoice.totals.totalPaise / 100,
      pos: '29',
      rchrg: 'N',
      inv_typ: 'R',
    });
    const taxable = inv!.itms.reduce((s, i) => s + paise(i.itm_det.txval), 0);
    expect(taxable).toBe(invoice.totals.taxablePaise);
    expect(inv!.itms.reduce((s, i) => s + paise(i.itm_det.iamt), 0)).toBe(invoice.totals.igstPaise);
    expect(inv!.itms.every((i) => i.itm_det.camt === 0 && i.itm_det.rt > 0)).toBe(true);
  });

  it('puts the large inter-state consumer invoice in B2C large and the small ones in B2C small', async () => {
    const large = await documentOf(largeOrder, 'invoice');
    expect(large.totals.totalPaise).toBeGreaterThan(1_00_000_00);
    const karnatakaLarge = gstr1.b2cl.find((b) => b.pos === '29');
    expect(karnatakaLarge?.inv.map((i) => i.inum)).toEqual([large.number]);
    expect(gstr1.b2b.flatMap((b) => b.inv).map((i) => i.inum)).not.toContain(large.number);

    const intra = await documentOf(intraOrder, 'invoice');
    const rows = gstr1.b2cs.filter((r) => r.pos === '19');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sply_ty === 'INTRA' && r.typ === 'OE' && r.iamt === 0)).toBe(true);
    // the refunded order's credit note netted its invoice out of the summary
    expect(rows.reduce((s, r) => s + paise(r.txval), 0)).toBe(intra.totals.taxablePaise);
    expect(rows.reduce((s, r) => s + paise(r.camt) + paise(r.samt), 0)).toBe(
      intra.totals.cgstPaise + intra.totals.sgstPaise,
    );
  });

  it('has B2B and HSN totals equal to the month’s invoices and credit notes', async () => {
    const docs = (await t.db.select().from(invoices).where(eq(invoices.storeId, DEFAULT_STORE_ID)))
      .map((d) => d.snapshot as DocumentSnapshot)
      .filter((s) => shopDate(new Date(s.issuedAt)).startsWith(month));
    const sum = (
      list: DocumentSnapshot[],
      key: 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise',
    ) => list.reduce((s, d) => s + (d.kind === 'credit_note' ? -1 : 1) * d.totals[key], 0);
    const b2bInvoices = docs.filter((d) => d.kind === 'invoice' && d.recipient.gstin);
    const itms = gstr1.b2b.flatMap((b) => b.inv.flatMap((i) => i.itms.map((x) => x.itm_det)));
    const nilB2b = gstr1.nil.inv.filter((n) => n.sply_ty.endsWith('B2B'));
    expect(
      itms.reduce((s, i) => s + paise(i.txval), 0) +
        nilB2b.reduce((s, n) => s + paise(n.nil_amt), 0),
    ).toBe(sum(b2bInvoices, 'taxablePaise'));
    expect(itms.reduce((s, i) => s + paise(i.iamt), 0)).toBe(sum(b2bInvoices, 'igstPaise'));

    const hsn = [...gstr1.hsn.hsn_b2b, ...gstr1.hsn.hsn_b2c];
    expect(hsn.every((h) => h.uqc === 'NOS' && /^\d{4,8}$/.test(h.hsn_sc))).toBe(true);
    expect(hsn.reduce((s, h) => s + paise(h.txval), 0)).toBe(sum(docs, 'taxablePaise'));
    expect(hsn.reduce((s, h) => s + paise(h.iamt), 0)).toBe(sum(docs, 'igstPaise'));
    expect(hsn.reduce((s, h) => s + paise(h.camt), 0)).toBe(sum(docs, 'cgstPaise'));
    expect(hsn.reduce((s, h) => s + paise(h.samt), 0)).toBe(sum(docs, 'sgstPaise'));
    // the business buyer's goods in the B2B table, everything else in the B2C one
    expect(gstr1.hsn.hsn_b2b.reduce((s, h) => s + paise(h.txval), 0)).toBe(
      sum(b2bInvoices, 'taxablePaise'),
    );
  });

  it('counts the invoice and credit-note series it covers', async () => {
    const docs = await t.db.select().from(invoices).where(eq(invoices.storeId, DEFAULT_STORE_ID));
    const invoiceCount = docs.filter((d) => d.kind === 'invoice').length;
    const [invoicesIssued] = gstr1.doc_issue.doc_det.find((d) => d.doc_num === 1)!.docs;
    expect(invoicesIssued).toMatchObject({
      totnum: invoiceCount,
      cancel: 0,
      net_issue: invoiceCount,
    });
    expect(invoicesIssued!.from).toMatch(/\/000001$/);
    const [notes] = gstr1.doc_issue.doc_det.find((d) => d.doc_num === 5)!.docs;
    expect(notes).toMatchObject({ totnum: 1, net_issue: 1 });
  });

  it('lists a business buyer’s credit note as a note to a registered person', async () => {
    await cancelAndRefund(b2bOrder);
    const note = await documentOf(b2bOrder, 'credit_note');
    const res = await admin('GET', `/reports/gstr1.json?month=${month}`);
    const after: Gstr1 = res.json();
    const nt = after.cdnr.find((c) => c.ctin === buyerGstin)?.nt[0];
    expect(nt).toMatchObject({
      ntty: 'C',
      nt_num: note.number,
      val: note.totals.totalPaise / 100,
      pos: '29',
    });
    // the HSN summary nets the note: the buyer's goods are all back
    expect(after.hsn.hsn_b2b.reduce((s, h) => s + paise(h.txval) + paise(h.iamt), 0)).toBe(0);
  });
});

describe('GSTR-1 as CSV and its refusals', () => {
  it('gives every table in one file with a Section column', async () => {
    const res = await admin('GET', `/reports/gstr1.csv?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual(gstr1CsvHeader);
    const sections = new Set(rows.map((r) => r[0]));
    for (const s of ['b2b', 'b2cl', 'b2cs', 'hsn_b2c', 'doc_issue']) expect(sections).toContain(s);
  });

  it('refuses a month that is not one, or has not begun, in words', async () => {
    const bad = await admin('GET', '/reports/gstr1.json?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_input',
      fields: { month: 'Use a month like 2026-11' },
    });
    expect((await admin('GET', '/reports/gstr1.csv')).statusCode).toBe(400);
    const future = await admin('GET', '/reports/gstr1.json?month=2999-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.month).toMatch(/^2999-01 has not begun yet/);
    expect(
      (await admin('GET', `/reports/gstr1.json?month=${month}`, undefined, {})).statusCode,
    ).toBe(401);
  });

  it('refuses a store that is not registered for GST', async () => {
    await t.db.update(stores).set({ gstin: null }).where(eq(stores.id, DEFAULT_STORE_ID));
    try {
      const res = await admin('GET', `/reports/gstr1.json?month=${month}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/no GSTIN/);
    } finally {
      await t.db
        .update(stores)
        .set({ gstin: defaultStoreTax.gstin })
        .where(eq(stores.id, DEFAULT_STORE_ID));
    }
  });
});

describe('GSTR-1 months are India’s', () => {
  /** Moves a document's issue to an instant, in the table and its snapshot alike. */
  async function issueAt(orderId: string, at: string) {
    await t.db
      .update(invoices)
      .set({
        issuedAt: new Date(at),
        snapshot: sql`jsonb_set(${invoices.snapshot}, '{issuedAt}', ${JSON.stringify(at)}::jsonb)`,
      })
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  }
  const invoiceNumbers = async (m: string) => {
    const r: Gstr1 = (await admin('GET', `/reports/gstr1.json?month=${m}`)).json();
    return r.b2cl.flatMap((b) => b.inv.map((i) => `${i.inum} ${i.idt}`));
  };

  it('counts 00:10 on the 1st in India in that month, though it is still the month before in UTC', async () => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const { number } = await documentOf(largeOrder, 'invoice');
    const dmy = (ymd: string) => ymd.split('-').reverse().join('-');

    // 18:40 UTC on the last day of the month before = 00:10 on the 1st in India
    await issueAt(largeOrder, new Date(`${month}-01T00:10:00+05:30`).toISOString());
    expect(await invoiceNumbers(month)).toContain(`${number} ${dmy(`${month}-01`)}`);
    expect((await invoiceNumbers(previous)).join()).not.toContain(number);

    // 23:50 in India on the last day of the month before: that month's
    const before = new Date(new Date(`${month}-01T00:00:00+05:30`).getTime() - 10 * 60_000);
    await issueAt(largeOrder, before.toISOString());
    expect(await invoiceNumbers(previous)).toEqual([`${number} ${dmy(shopDate(before))}`]);
    expect((await invoiceNumbers(month)).join()).not.toContain(number);
  });
});
