import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlertMessages } from '@store/contracts/stock';
import { emailOutbox, stockAlerts } from '../../db/schema';
import { saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { authHeader, createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { renderOutboxEmail } from '../mail/render-email';
import { returnStock } from '../products/stock.service';

let t: TestApp;
let owner: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

const ask = (productId: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/stock-alerts`,
    payload,
    ...(token ? { headers: authHeader(token) } : {}),
  });

const setStock = async (id: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/products/${id}/stock`,
    headers: owner.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** The "back in stock" e-mails queued for a product, oldest first. */
async function backInStockMails(productId: string) {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'back_in_stock'))
    .orderBy(emailOutbox.createdAt);
  return rows.filter((r) => r.data.productId === productId);
}

let n = 0;
const plain = (stock: number) => saveProduct(t.app, owner, { title: `Alert pen ${++n}`, stock });
const sized = (a5: number, a4: number) =>
  saveProduct(t.app, owner, {
    title: `Alert notebook ${++n}`,
    stock: 0,
    attributes: [{ key: 'Size', values: ['A5', 'A4'] }],
    variantStock: [
      { size: 'A5', color: '', onHand: a5 },
      { size: 'A4', color: '', onHand: a4 },
    ],
  });

describe('POST /products/:id/stock-alerts', () => {
  it('refuses a product that is in stock: add it to the cart instead', async () => {
    const id = await plain(4);
    const res = await ask(id, { email: 'asha@example.in' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: stockAlertMessages.inStock, code: 'in_stock' });
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id))).toEqual([]);
  });

  it('keeps one waiting request per e-mail and answers a repeat the same', async () => {
    const id = await plain(0);
    const first = await ask(id, { email: 'Ravi@Example.in' });
    const again = await ask(id, { email: ' ravi@example.in ' });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ message: stockAlertMessages.saved });
    const rows = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id));
    expect(rows.map((r) => r.email)).toEqual(['ravi@example.in']);
  });

  it('validates the e-mail, the variant and the product', async () => {
    const id = await plain(0);
    const bad = await ask(id, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe('Invalid email address');
    // a visitor must type one
    const none = await ask(id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.email).toBe('This field is required');
    const notebook = await sized(0, 0);
    const noVariant = await ask(notebook, { email: 'a@example.in' });
    expect(noVariant.statusCode).toBe(400);
    expect(noVariant.json().error).toBe(stockAlertMessages.chooseVariant);
    expect((await ask(notebook, { email: 'a@example.in', size: 'A3' })).statusCode).toBe(400);
    expect(
      (await ask('00000000-0000-4000-8000-000000000000', { email: 'a@example.in' })).statusCode,
    ).toBe(404);
    expect((await ask('nope', { email: 'a@example.in' })).statusCode).toBe(404);
  });
});

describe('when stock returns', () => {
  it('queues one e-mail per request once, however often it is restocked', async () => {
    const id = await plain(0);
    await ask(id, { email: 'meera@example.in' });
    await ask(id, { email: 'dev@example.in' });
    expect(await backInStockMails(id)).toEqual([]);
    await setStock(id, { stock: 3 });
    const mails = await backInStockMails(id);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['dev@example.in', 'meera@example.in']);
    // sold out and back again: those requests were answered already
    await setStock(id, { stock: 0 });
    await setStock(id, { stock: 2 });
    expect(await backInStockMails(id)).toHaveLength(2);
    // a new request after it sold out again is a new one
    await setStock(id, { stock: 0 });
    await ask(id, { email: 'meera@example.in' });
    await setStock(id, { stock: 1 });
    expect(await backInStockMails(id)).toHaveLength(3);
  });

  it('tells only those waiting for the variant that came back', async () => {
    const id = await sized(0, 0);
    await ask(id, { email: 'a5@example.in', size: 'A5' });
    await ask(id, { email: 'a4@example.in', size: 'A4' });
    await setStock(id, { variantStock: [{ size: 'A4', color: '', onHand: 6 }] });
    const mails = await backInStockMails(id);
    expect(mails.map((m) => [m.toAddress, m.data.size])).toEqual([['a4@example.in', 'A4']]);
    // the A4 is in stock now: no request for it
    expect((await ask(id, { email: 'late@example.in', size: 'A4' })).statusCode).toBe(409);
  });

  it("uses a signed-in shopper's account e-mail when none is typed", async () => {
    const shopper = await registerAndLogin(t.app);
    const id = await plain(0);
    expect((await ask(id, {}, shopper.token)).statusCode).toBe(202);
    await setStock(id, { stock: 5 });
    const [mail] = await backInStockMails(id);
    expect(mail?.toAddress).toBe(shopper.email);
    const [alert] = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id));
    expect(alert?.userId).toBe(shopper.id);
    expect(alert?.notifiedAt).not.toBeNull();
  });

  it('sends one e-mail when two restocks race (stock returned by two cancelled orders)', async () => {
    const id = await plain(0);
    await ask(id, { email: 'race@example.in' });
    const restock = () =>
      t.db.transaction((tx) =>
        returnStock(tx, [{ productId: id, size: '', color: '', quantity: 1 }]),
      );
    await Promise.all([restock(), restock()]);
    expect(await backInStockMails(id)).toHaveLength(1);
  });

  it('waits while the product is unpublished, and tells when it is published again', async () => {
    const id = await plain(0);
    await ask(id, { email: 'hidden@example.in' });
    await saveProduct(t.app, owner, { title: `Alert pen ${n}`, stock: 4, published: false }, id);
    expect(await backInStockMails(id)).toEqual([]);
    await saveProduct(t.app, owner, { title: `Alert pen ${n}`, stock: 4, published: true }, id);
    expect(await backInStockMails(id)).toHaveLength(1);
  });

  it('writes an e-mail naming the product and variant with a link to its page', async () => {
    const id = await sized(0, 0);
    await ask(id, { email: 'reader@example.in', size: 'A5' });
    await setStock(id, { variantStock: [{ size: 'A5', color: '', onHand: 2 }] });
    const [row] = await backInStockMails(id);
    const mail = await renderOutboxEmail(t.db, row!, { baseUrl: 'https://shop.example' });
    expect(mail.subject).toBe(`Back in stock: Alert notebook ${n} (Size A5)`);
    expect(mail.text).toContain(`https://shop.example/product/${id}`);
    expect(mail.text).toContain(`Alert notebook ${n} (Size A5)`);
    const [claimed] = await t.db
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, id), eq(stockAlerts.size, 'A5')));
    expect(claimed?.notifiedAt).not.toBeNull();
  });
});
