import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema';
import { placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, registerAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { orderExportHeader } from '../orders/orders-export.service';
import { gstSummaryHeader } from '../invoices/gst-summary.service';

let t: TestApp;
let clerk: SignedInStaff;
let shopper: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
  shopper = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers });
const rowsOf = (body: string) =>
  parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
const paise = (rupees: string) => Math.round(Number(rupees) * 100);

describe('orders as CSV', () => {
  it('lists the filtered orders with their money adding up, as a download', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const res = await get(`/orders/export.csv?q=${id.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-.+\.csv"$/);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(orderExportHeader);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]!]));
    expect(row).toMatchObject({ Order: id, Status: 'Processing', Payment: 'paid' });
    expect(row['Placed (IST)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(
      paise(row.Subtotal!) - paise(row.Discount!) + paise(row.Delivery!) + paise(row['COD fee']!),
    ).toBe(paise(row.Total!));
    expect(Number(row.Items)).toBeGreaterThan(0);
  });

  it('refuses a date that is not a day, and a range that ends before it starts, in words', async () => {
    const bad = await get('/orders/export.csv?from=2026-02-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_input',
      fields: { from: 'Not a calendar date' },
    });
    const backwards = await get('/orders/export.csv?from=2026-11-20&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ to: 'The end date is before the start date' });
    expect((await get('/orders/export.csv', {})).statusCode).toBe(401);
  });
});

describe('GST summary as CSV', () => {
  it('gives each document’s GST by rate, a refund’s credit note negative, and totals that net them', async () => {
    const id = await placePaidOrder(t.app, shopper.token);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, id));
    expect(invoice).toBeDefined();
    // refund the whole payment: its credit note
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${id}/cancel`,
      headers: clerk.headers,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${id}/refunds`,
      headers: clerk.headers,
      payload: { paymentId: payment!.id, amount: payment!.amountPaise / 100, reference: 'UTR1' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const res = await get('/reports/gst.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="gst-summary-\d{4}-\d{2}-01-to-/);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(gstSummaryHeader);
    const col = (name: string) => header!.indexOf(name);
    const ofOrder = rows.filter((r) => r[col('Order')] === id);
    const sum = (kind: string) =>
      ofOrder
        .filter((r) => r[col('Document')] === kind)
        .reduce((s, r) => s + paise(r[col('Total')]!), 0);
    expect(sum('Tax invoice')).toBe(invoice!.totalPaise);
    expect(sum('Credit note')).toBe(-invoice!.totalPaise);
    for (const r of ofOrder)
      expect(
        paise(r[col('Taxable value')]!) +
          paise(r[col('CGST')]!) +
          paise(r[col('SGST')]!) +
          paise(r[col('IGST')]!),
      ).toBe(paise(r[col('Total')]!));
    // the per-rate totals add up to the grand total, which nets every document listed
    const documents = rows.filter((r) => /^(Tax invoice|Credit note)$/.test(r[0] ?? ''));
    const perRate = rows.filter((r) => /^Total at /.test(r[0] ?? ''));
    const grand = rows.find((r) => r[0] === 'Total')!;
    const total = (list: string[][]) => list.reduce((s, r) => s + paise(r[col('Total')]!), 0);
    expect(total(perRate)).toBe(paise(grand[col('Total')]!));
    expect(total(documents)).toBe(paise(grand[col('Total')]!));
  });

  it('lists nothing for a range before the shop existed', async () => {
    const res = await get('/reports/gst.csv?from=2020-04-01&to=2020-04-30');
    const rows = rowsOf(res.body);
    expect(rows.filter((r) => /^(Tax invoice|Credit note)$/.test(r[0] ?? ''))).toEqual([]);
    expect(rows.at(-1)).toEqual([
      'Total',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
  });
});
