import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@store/contracts/gst';
import { formatPaise } from '@store/contracts/money';
import { invoices, orders, payments, products, stores, orderItems } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { decideInSandbox, pay, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { markOrderPaid, transitionOrder } from '../orders/order-transitions.service';
import type { DocumentSnapshot } from './document-snapshot';
import { issueInvoice } from './invoices.service';

let t: TestApp;
let shopper: TestUser;
let staff: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  staff = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const westBengal = {
  fullName: 'Asha Verma',
  address: '22 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  phone: '+91 98765 43210',
};
const karnataka = {
  fullName: 'Asha Verma',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+91 98765 43210',
};

let rotation = 0;

/**
 * Plain products in stock that carry GST (exercise books and pencils are 0%), a different pair
 * each time so that no product runs out over the file's orders.
 */
async function taxedProducts(count: number): Promise<{ id: string }[]> {
  const rates = new Map(
    (await t.db.select({ id: products.id, rate: products.gstRateBp }).from(products)).map((p) => [
      p.id,
      p.rate,
    ]),
  );
  const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json()
    .data as { id: string; variants: unknown[]; availability: { status: string } }[];
  const taxed = listed.filter(
    (p) =>
      p.variants.length === 0 && p.availability.status === 'in_stock' && (rates.get(p.id) ?? 0) > 0,
  );
  if (taxed.length < count) return plainProducts(t.app, count);
  const start = rotation++;
  return Array.from({ length: count }, (_, i) => taxed[(start + i) % taxed.length]!);
}

async function placeOrder(
  address = karnataka,
  user = shopper,
  quantities: number[] = [1, 2],
): Promise<{ id: string; total: number }> {
  const list = await taxedProducts(quantities.length);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(user.token),
    payload: {
      products: Object.fromEntries(list.map((p, i) => [p.id, quantities[i]!])),
      shippingAddress: address,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Pays through the sandbox gateway, as a shopper's browser does. */
async function payOrder(
  orderId: string,
  user = shopper,
  extra: Record<string, string | boolean> = {},
) {
  const body = (await pay(t.app, user.token, orderId, validFields('gateway', extra))).json();
  const { paymentId, token } = body.action.formParams.data;
  const decided = await decideInSandbox(t.app, paymentId, 'approve', token);
  if (decided.statusCode >= 400) throw new Error(`sandbox: ${decided.statusCode}`);
}

async function documentsOf(orderId: string) {
  return t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
}

async function invoiceOf(orderId: string) {
  const [doc] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  if (!doc) throw new Error(`no invoice for ${orderId}`);
  return doc;
}

function download(
  orderId: string,
  documentId: string,
  headers: Record<string, string> = {},
  query = '',
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/documents/${documentId}.pdf${query}`,
    headers,
  });
}

async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The rupee amount printed after a label in the totals, in paise. */
function printedPaise(text: string, label: string): number {
  const match = new RegExp(`${label}\\s+₹([\\d,]+\\.\\d{2})`).exec(text);
  if (!match) throw new Error(`no "${label}" amount in:\n${text}`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
}

const issueAt = (orderId: string, at: string) =>
  t.db.transaction((tx) => issueInvoice(tx, { orderId, now: new Date(at) }));

describe('numbering', () => {
  it('is consecutive per financial year, and April starts the next year at 000001', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const c = await placeOrder();
    const d = await placeOrder();
    expect((await issueAt(a.id, '2030-06-01T06:00:00Z')).number).toBe('KK/30-31/000001');
    expect((await issueAt(b.id, '2031-03-31T18:00:00Z')).number).toBe('KK/30-31/000002');
    // 31 March 18:30 UTC is 1 April midnight in India: the new financial year
    expect((await issueAt(c.id, '2031-03-31T18:30:00Z')).number).toBe('KK/31-32/000001');
    expect((await issueAt(d.id, '2031-05-01T06:00:00Z')).number).toBe('KK/31-32/000002');
    // issuing again hands back the same invoice and takes no number
    const again = await issueAt(a.id, '2031-05-02T06:00:00Z');
    expect(again).toMatchObject({ number: 'KK/30-31/000001', created: false });
  });

  it('gives concurrent issues distinct, consecutive numbers', async () => {
    const placed = await Promise.all([1, 2, 3, 4, 5].map(() => placeOrder()));
    const issued = await Promise.all(placed.map((o) => issueAt(o.id, '2033-07-01T06:00:00Z')));
    expect(issued.map((d) => d.number).sort()).toEqual([
      'KK/33-34/000001',
      'KK/33-34/000002',
      'KK/33-34/000003',
      'KK/33-34/000004',
      'KK/33-34/000005',
    ]);
  });
});

describe('issued when paid', () => {
  it('paying issues exactly one invoice, even when markOrderPaid is replayed', async () => {
    const order = await placeOrder();
    expect(await documentsOf(order.id)).toHaveLength(0);
    await payOrder(order.id);
    expect(await documentsOf(order.id)).toHaveLength(1);
    expect(await t.db.transaction((tx) => markOrderPaid(tx, order.id))).toBe(false);
    expect(await documentsOf(order.id)).toHaveLength(1);

    const seen = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: authHeader(shopper.token),
      })
    ).json();
    const invoice = await invoiceOf(order.id);
    expect(seen.documents).toEqual([
      {
        id: invoice.id,
        kind: 'invoice',
        number: invoice.number,
        issuedAt: invoice.issuedAt.toISOString(),
        totalPaise: Math.round(order.total * 100),
      },
    ]);
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order.id}`,
      headers: staff.headers,
    });
    expect(admin.json().documents).toEqual(seen.documents);
  });

  it('an unpaid order has no invoice; cash on delivery gets its invoice when shipped', async () => {
    const order = await placeOrder();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order.id}`,
          headers: authHeader(shopper.token),
        })
      ).json().documents,
    ).toEqual([]);
    await t.db
      .update(orders)
      .set({ status: 1, codStatus: 'to_collect' })
      .where(eq(orders.id, order.id));
    expect(await documentsOf(order.id)).toHaveLength(0);
    await transitionOrder(t.db, order.id, 'ship', { trackingNumber: 'DTDC12345' });
    const [invoice] = await documentsOf(order.id);
    expect(invoice).toMatchObject({ kind: 'invoice', totalPaise: Math.round(order.total * 100) });
  });
});

describe('the PDF', () => {
  it('in-state: CGST and SGST, no IGST, and the figures add up to the order total', async () => {
    const order = await placeOrder(westBengal);
    await payOrder(order.id);
    const invoice = await invoiceOf(order.id);
    const res = await download(order.id, invoice.id, authHeader(shopper.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.number.replace(/\//g, '-')}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(invoice.number);
    expect(text).toContain('19AAGCK4821L1Z7');
    expect(text).toContain('West Bengal (19)');
    expect(text).toContain('Authorised signatory');
    expect(text).toMatch(/Reverse charge\s+No/);
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    const total = Math.round(order.total * 100);
    const taxable = printedPaise(text, 'Taxable value');
    const cgst = printedPaise(text, 'CGST');
    const sgst = printedPaise(text, 'SGST');
    expect(cgst).toBeGreaterThan(0);
    expect(taxable + cgst + sgst).toBe(total);
    expect(printedPaise(text, 'Invoice total')).toBe(total);
    expect(text).toContain(formatPaise(total));
  });

  it('out-of-state: IGST only, adding up to the paisa', async () => {
    const order = await placeOrder(karnataka, shopper, [3, 1]);
    await payOrder(order.id);
    const invoice = await invoiceOf(order.id);
    const text = await pdfText(
      (await download(order.id, invoice.id, authHeader(shopper.token))).rawPayload,
    );
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain('Karnataka (29)');
    const total = Math.round(order.total * 100);
    expect(printedPaise(text, 'Taxable value') + printedPaise(text, 'IGST')).toBe(total);
    expect(printedPaise(text, 'Invoice total')).toBe(total);
    const snapshot = invoice.snapshot as DocumentSnapshot;
    expect(snapshot.lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(snapshot.totals.totalPaise).toBe(total);
  });

  it('prints a buyer’s GSTIN and a name in Hindi', async () => {
    const order = await placeOrder({
      ...karnataka,
      fullName: 'राजेश कुमार',
      address: '12 MG Road, Indiranagar (பெங்களூர்)',
    });
    const first14 = '29AABCT1332L1Z';
    const gstin = first14 + gstinCheckCharacter(first14);
    // a business buyer's details, as the payment form sends them
    await payOrder(order.id, shopper, {
      companyName: 'Tara Traders',
      gstin: gstin.toLowerCase(),
      billingAddress: '5 Brigade Road, Bengaluru',
      billingPincode: '560001',
    });
    const invoice = await invoiceOf(order.id);
    const pdf = (await download(order.id, invoice.id, authHeader(shopper.token))).rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain(`GSTIN: ${gstin}`);
    expect(text).toContain('Tara Traders');
    expect(text).toContain('5 Brigade Road');
    // the delivery name, in Devanagari, extracts back as typed
    expect(text).toContain('राजेश कुमार');
    // the Tamil word is drawn with the Tamil font, embedded as a subset (a six-letter tag)
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil/);
  });

  it('does not change when the product, the store or the order changes after issue', async () => {
    const order = await placeOrder(westBengal);
    await payOrder(order.id);
    const invoice = await invoiceOf(order.id);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const [store] = await t.db.select().from(stores).where(eq(stores.id, DEFAULT_STORE_ID));

    await t.db
      .update(products)
      .set({ title: 'Renamed product' })
      .where(eq(products.id, item!.productId!));
    await t.db
      .update(stores)
      .set({ companyName: 'Another Company Ltd.', gstin: '29AABCT1332L1ZZ' })
      .where(eq(stores.id, DEFAULT_STORE_ID));
    await t.db
      .update(orders)
      .set({ shippingAddress: '1 Changed Lane', shippingState: 'Kerala' })
      .where(eq(orders.id, order.id));
    try {
      // the first download draws it, after every change
      const first = await download(order.id, invoice.id, authHeader(shopper.token));
      const text = await pdfText(first.rawPayload);
      expect(text).toContain(store!.companyName);
      expect(text).toContain('19AAGCK4821L1Z7');
      expect(text).toContain(item!.productTitle);
      expect(text).toContain('22 Park Street');
      expect(text).not.toContain('Another Company');
      expect(text).not.toContain('Renamed product');
      expect(text).not.toContain('Changed Lane');
      const second = await download(order.id, invoice.id, authHeader(shopper.token));
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
      const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(after!.snapshot).toEqual(invoice.snapshot);
    } finally {
      await t.db
        .update(stores)
        .set({ companyName: store!.companyName, gstin: store!.gstin })
        .where(eq(stores.id, DEFAULT_STORE_ID));
      await t.db
        .update(products)
        .set({ title: item!.productTitle })
        .where(eq(products.id, item!.productId!));
    }
  });

  it('prints the tax split stored on the lines, even if the store moved state before payment', async () => {
    // placed while the store is in West Bengal: CGST + SGST on the lines
    const order = await placeOrder(westBengal);
    const [store] = await t.db.select().from(stores).where(eq(stores.id, DEFAULT_STORE_ID));
    await t.db.update(stores).set({ gstState: 'Karnataka' }).where(eq(stores.id, DEFAULT_STORE_ID));
    try {
      await payOrder(order.id);
    } finally {
      await t.db
        .update(stores)
        .set({ gstState: store!.gstState })
        .where(eq(stores.id, DEFAULT_STORE_ID));
    }
    const invoice = await invoiceOf(order.id);
    const s = invoice.snapshot as DocumentSnapshot;
    expect(s.intraState).toBe(true);
    expect(s.totals.igstPaise).toBe(0);
    expect(s.totals.cgstPaise).toBeGreaterThan(0);
    const text = await pdfText(
      (await download(order.id, invoice.id, authHeader(shopper.token))).rawPayload,
    );
    expect(
      printedPaise(text, 'Taxable value') + printedPaise(text, 'CGST') + printedPaise(text, 'SGST'),
    ).toBe(printedPaise(text, 'Invoice total'));
  });
});

describe('who may download', () => {
  it('the owner, a visitor with the order’s contact, and staff; nobody else', async () => {
    const order = await placeOrder();
    await payOrder(order.id);
    const invoice = await invoiceOf(order.id);
    const stranger = await registerAndLogin(t.app);

    expect((await download(order.id, invoice.id, authHeader(stranger.token))).statusCode).toBe(404);
    expect((await download(order.id, invoice.id)).statusCode).toBe(404);
    const wrong = await download(order.id, invoice.id, {}, '?contactInfo=someone%40example.in');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: 'Order not found or access denied', code: 'not_found' });
    const byEmail = await download(
      order.id,
      invoice.id,
      {},
      `?contactInfo=${encodeURIComponent(shopper.email)}`,
    );
    expect(byEmail.statusCode).toBe(200);
    const byPhone = await download(order.id, invoice.id, {}, '?contactInfo=9876543210');
    expect(byPhone.statusCode).toBe(200);

    // another order's document through this order: not found
    const other = await placeOrder();
    await payOrder(other.id);
    const otherInvoice = await invoiceOf(other.id);
    expect((await download(order.id, otherInvoice.id, authHeader(shopper.token))).statusCode).toBe(
      404,
    );
    expect((await download(order.id, 'not-a-uuid', authHeader(shopper.token))).statusCode).toBe(
      404,
    );

    const adminUrl = `/api/v1/admin/orders/${order.id}/documents/${invoice.id}.pdf`;
    expect((await t.app.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: adminUrl, headers: authHeader(shopper.token) }))
        .statusCode,
    ).toBe(401);
    const asStaff = await t.app.inject({ method: 'GET', url: adminUrl, headers: staff.headers });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(asStaff.rawPayload, byEmail.rawPayload)).toBe(0);
  });
});

describe('credit notes', () => {
  const refund = (orderId: string, paymentId: string, amountPaise: number, reference: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refunds`,
      headers: staff.headers,
      payload: { paymentId, amount: amountPaise / 100, reference },
    });

  it('a refund issues a credit note against the invoice; the last one reverses it exactly', async () => {
    const order = await placeOrder(westBengal, shopper, [2, 1]);
    await payOrder(order.id);
    const invoice = await invoiceOf(order.id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const total = Math.round(order.total * 100);

    expect((await refund(order.id, payment!.id, 1001, 'NEFT-CN-1')).statusCode).toBe(200);
    // the same refund again: no second credit note
    expect((await refund(order.id, payment!.id, 1001, 'NEFT-CN-1')).statusCode).toBe(200);
    let notes = (await documentsOf(order.id)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    const partial = notes[0]!.snapshot as DocumentSnapshot;
    expect(partial.totals.totalPaise).toBe(1001);
    expect(partial.lines.reduce((s, l) => s + l.totalPaise, 0)).toBe(1001);
    expect(partial.against).toEqual({
      number: invoice.number,
      issuedAt: invoice.issuedAt.toISOString(),
    });
    expect(notes[0]!.number).toMatch(/^KKC\/\d\d-\d\d\/000\d{3}$/);

    const text = await pdfText(
      (await download(order.id, notes[0]!.id, authHeader(shopper.token))).rawPayload,
    );
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(invoice.number);
    expect(printedPaise(text, 'Total credited')).toBe(1001);
    expect(
      printedPaise(text, 'Taxable value') + printedPaise(text, 'CGST') + printedPaise(text, 'SGST'),
    ).toBe(1001);

    expect((await refund(order.id, payment!.id, total - 1001, 'NEFT-CN-2')).statusCode).toBe(200);
    notes = (await documentsOf(order.id)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    // both notes together give back each line of the invoice, tax by tax
    const lines = (invoice.snapshot as DocumentSnapshot).lines;
    for (const line of lines) {
      const back = notes
        .flatMap((n) => (n.snapshot as DocumentSnapshot).lines)
        .filter((l) => l.position === line.position);
      for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const)
        expect(back.reduce((s, l) => s + l[key], 0)).toBe(line[key]);
    }

    const seen = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: authHeader(shopper.token),
      })
    ).json();
    expect(seen.documents.map((d: { kind: string }) => d.kind)).toEqual([
      'invoice',
      'credit_note',
      'credit_note',
    ]);
  });

  it('a cancelled paid order refunded in full gets a credit note for the whole invoice', async () => {
    const order = await placeOrder(karnataka);
    await payOrder(order.id);
    await transitionOrder(t.db, order.id, 'cancel');
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const total = Math.round(order.total * 100);
    expect((await refund(order.id, payment!.id, total, 'NEFT-CANCEL')).statusCode).toBe(200);
    const note = (await documentsOf(order.id)).find((d) => d.kind === 'credit_note');
    const invoice = await invoiceOf(order.id);
    expect(note?.totalPaise).toBe(total);
    const s = note!.snapshot as DocumentSnapshot;
    expect(s.lines.map((l) => l.quantity)).toEqual(
      (invoice.snapshot as DocumentSnapshot).lines.map((l) => l.quantity),
    );
    expect(s.totals.igstPaise).toBe((invoice.snapshot as DocumentSnapshot).totals.igstPaise);
  });
});
