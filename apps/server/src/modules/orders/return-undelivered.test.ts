// A cash-on-delivery parcel refused at the door (return to origin): POST
// /admin/orders/:id/return-undelivered (docs/decisions/cash-on-delivery.md).
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatus } from '@store/contracts/order-rules';
import { activityLog, emailOutbox, invoices, orders, payments } from '../../db/schema';
import { renderOutboxEmail } from '../mail/render-email';
import { placeCodOrder, placePaidOrder } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock, stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import type { DocumentSnapshot } from '../invoices/document-snapshot';
import { issueCreditNote } from '../invoices/invoices.service';
import { transitionOrder } from './order-transitions.service';

let t: TestApp;
let shopper: TestUser;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const returnUndelivered = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/return-undelivered`,
    headers: clerk.headers,
    payload: {},
  });
const adminOrder = (orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${orderId}`, headers: clerk.headers });
const orderRow = async (orderId: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const documentsOf = (orderId: string) =>
  t.db.select().from(invoices).where(eq(invoices.orderId, orderId));

async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** An order of two plain products (the first with 10 units on hand), paid by cash on delivery. */
async function codOrder(ship = true) {
  const [first, second] = await plainProducts(t.app, 2);
  await setStock(t.db, first!.id, 10);
  const order = await placeCodOrder(t.app, shopper.token, { [first!.id]: 2, [second!.id]: 1 });
  if (ship) await transitionOrder(t.db, order.id, 'ship', { trackingNumber: `RTO${order.id}` });
  return { ...order, productId: first!.id };
}

describe('POST /admin/orders/:id/return-undelivered', () => {
  it('cancels a shipped COD order still to collect: stock back, COD attempt failed, one credit note for the invoice, e-mail and log; a repeat is 409', async () => {
    const order = await codOrder();
    expect(await stockOf(t.db, order.productId)).toBe(8);
    const before = await adminOrder(order.id);
    expect(before.json().actions).toEqual(
      expect.arrayContaining(['record_cod_collection', 'return_undelivered']),
    );
    expect(before.json().actions).not.toContain('cancel');
    const [invoice] = await documentsOf(order.id);
    expect(invoice).toMatchObject({ kind: 'invoice' });

    const res = await returnUndelivered(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: orderStatus.cancelled,
      cancelReason: 'returned undelivered',
      codStatus: null,
    });
    expect(res.json().actions).toEqual([]);
    expect(await stockOf(t.db, order.productId)).toBe(10);
    const cod = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(cod).toHaveLength(1);
    expect(cod[0]).toMatchObject({ provider: 'cod', status: 'failed', needsRefund: false });

    // one credit note for the whole invoice, against it, saying why
    const notes = (await documentsOf(order.id)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(note.refundId).toBeNull();
    expect(note.totalPaise).toBe(invoice!.totalPaise);
    expect(note.totalPaise).toBe(Math.round(order.total * 100));
    const snapshot = note.snapshot as DocumentSnapshot;
    expect(snapshot).toMatchObject({
      kind: 'credit_note',
      against: { number: invoice!.number },
      refund: null,
      reason: 'Goods returned undelivered',
    });
    expect(snapshot.lines.map((l) => l.quantity)).toEqual(
      (invoice!.snapshot as DocumentSnapshot).lines.map((l) => l.quantity),
    );
    expect(res.json().documents.map((d: { kind: string }) => d.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/documents/${note.id}.pdf`,
      headers: authHeader(shopper.token),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Goods returned undelivered');

    // the shopper is told it was cancelled, in words that fit a refused parcel
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order:${order.id}:cancelled`));
    expect(mail).toBeDefined();
    const rendered = await renderOutboxEmail(t.db, mail!, { baseUrl: 'https://shop.example' });
    expect(rendered.text).toContain('came back to us undelivered');
    expect(rendered.text).not.toContain('we will refund');

    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.entityId, order.id), eq(activityLog.action, 'order.return_undelivered')),
      );
    expect(entry).toMatchObject({ actor: clerk.email, summary: 'Returned undelivered' });
    expect(entry!.after).toMatchObject({ cancelReason: 'returned', creditNote: note.number });
    expect(
      (await adminOrder(order.id)).json().timeline.map((e: { text: string }) => e.text),
    ).toContain('Returned undelivered');

    // a repeat changes nothing
    const again = await returnUndelivered(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This order is already cancelled', code: 'conflict' });
    expect(await stockOf(t.db, order.productId)).toBe(10);
    expect((await documentsOf(order.id)).filter((d) => d.kind === 'credit_note')).toHaveLength(1);
    // nor can the cash be recorded for it any more
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/cod-collection`,
      headers: clerk.headers,
      payload: {},
    });
    expect(cash.statusCode).toBe(409);
  });

  it('is refused (409) for a COD order not yet shipped, whose cash is collected, or an order paid online, and for an unknown order (404)', async () => {
    const processing = await codOrder(false);
    const early = await returnUndelivered(processing.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('This order has not been shipped yet: cancel it instead');
    expect((await adminOrder(processing.id)).json().actions).not.toContain('return_undelivered');
    expect((await orderRow(processing.id)).status).toBe(orderStatus.processing);

    const collected = await codOrder();
    const cash = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${collected.id}/cod-collection`,
      headers: clerk.headers,
      payload: {},
    });
    expect(cash.statusCode).toBe(200);
    const late = await returnUndelivered(collected.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/cash for this order is already recorded/);
    expect((await adminOrder(collected.id)).json().actions).not.toContain('return_undelivered');

    const paidId = await placePaidOrder(t.app, shopper.token);
    await transitionOrder(t.db, paidId, 'ship', { trackingNumber: `PAID${paidId}` });
    const online = await returnUndelivered(paidId);
    expect(online.statusCode).toBe(409);
    expect(online.json().error).toMatch(/Only a cash-on-delivery order/);
    expect((await orderRow(paidId)).status).toBe(orderStatus.shipped);
    expect((await adminOrder(paidId)).json().actions).not.toContain('return_undelivered');
    expect((await documentsOf(paidId)).filter((d) => d.kind === 'credit_note')).toHaveLength(0);

    expect((await returnUndelivered('ZZZZ9999')).statusCode).toBe(404);
  });
});

describe('the return credit note (invoices.service)', () => {
  it('is one per order, and with refund credit notes never credits more than the invoice', async () => {
    const orderId = await placePaidOrder(t.app, shopper.token);
    const [invoice] = await documentsOf(orderId);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    const refund = (amountPaise: number, reference: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/refunds`,
        headers: clerk.headers,
        payload: { paymentId: payment!.id, amount: amountPaise / 100, reference },
      });
    expect((await refund(1001, 'NEFT-RTO-1')).statusCode).toBe(200);

    // only for an order cancelled as returned
    await expect(
      t.db.transaction((tx) => issueCreditNote(tx, { orderId, reason: 'returned' })),
    ).rejects.toThrow(/not cancelled as returned/);
    await t.db
      .update(orders)
      .set({ status: orderStatus.cancelled, cancelReason: 'returned' })
      .where(eq(orders.id, orderId));
    const first = await t.db.transaction((tx) =>
      issueCreditNote(tx, { orderId, reason: 'returned' }),
    );
    expect(first).toMatchObject({ kind: 'credit_note', created: true });
    // what the refund's credit note left of the invoice, no more
    expect(first!.totalPaise).toBe(invoice!.totalPaise - 1001);
    const second = await t.db.transaction((tx) =>
      issueCreditNote(tx, { orderId, reason: 'returned' }),
    );
    expect(second).toMatchObject({ id: first!.id, created: false });
    // the database holds it to one as well
    await expect(
      t.db.insert(invoices).values({
        storeId: invoice!.storeId,
        orderId,
        kind: 'credit_note',
        financialYear: invoice!.financialYear,
        sequence: 999_999,
        number: 'XXC/99-00/999999',
        totalPaise: 1,
        snapshot: {},
      }),
    ).rejects.toThrow();

    // a later refund of the rest finds nothing left to credit
    expect((await refund(Math.round(invoice!.totalPaise - 1001), 'NEFT-RTO-2')).statusCode).toBe(
      200,
    );
    const notes = (await documentsOf(orderId)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    expect(notes.reduce((s, n) => s + n.totalPaise, 0)).toBe(invoice!.totalPaise);
  });
});
