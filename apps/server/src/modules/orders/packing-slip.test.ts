import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import {
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const slip = (orderId: string, headers: Record<string, string> = clerk.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${orderId}/packing-slip.pdf`, headers });

describe('packing slip', () => {
  it('names the ship-to, every line and its quantity, and no price', async () => {
    const shopper = await registerAndLogin(t.app);
    const order = await placeTestOrder(t.app, shopper.token, 2);
    const res = await slip(order.id.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${order.id}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(text).toContain(`Order ${order.id}`);
    expect(text).toContain(testShippingAddress.fullName);
    expect(text).toContain(testShippingAddress.postalCode);
    for (const item of items) expect(text).toContain(item.productTitle);
    expect(text).toContain(`${items.length} lines, ${items.length} items`);
    expect(text).not.toContain('₹');
  });

  it('tells the courier the cash to collect on a cash-on-delivery order', async () => {
    const shopper = await registerAndLogin(t.app);
    const order = await placeTestOrder(t.app, shopper.token, 1);
    await t.db.update(orders).set({ codStatus: 'to_collect' }).where(eq(orders.id, order.id));
    const text = await pdfText((await slip(order.id)).rawPayload);
    expect(text).toMatch(/CASH ON DELIVERY: collect ₹[\d,]+\.\d{2}/);
  });

  it('is 404 for an order the store does not have, and staff only', async () => {
    expect((await slip('ZZZZZZZZZZ')).statusCode).toBe(404);
    expect((await slip('not-an-id')).json()).toMatchObject({ code: 'not_found' });
    const shopper = await registerAndLogin(t.app);
    const order = await placeTestOrder(t.app, shopper.token, 1);
    expect((await slip(order.id, {})).statusCode).toBe(401);
  });
});
