import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products, stores } from '../../db/schema';
import {
  authHeader,
  createTestApp,
  registerAndLogin,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let shopper: TestUser;
const id: Record<string, string> = {};

// the demo store is registered in West Bengal (Kolkata); these are plain products at 18%, 5%, nil
const slugs = ['executive-planner-undated', 'gel-pen-pack-10', 'geometry-box', 'pencil-hb-pack-12'];
const kolkata = {
  ...testShippingAddress,
  address: '14 Ballygunge Circular Road',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
};
const bengaluru = testShippingAddress;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerAndLogin(t.app);
  const rows = await t.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  for (const r of rows) if (r.slug) id[r.slug] = r.id;
});
afterAll(() => t.close());

async function order(shippingAddress: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(shopper.token),
    payload: {
      products: {
        [id['executive-planner-undated']!]: 3, // ₹699 × 3 at 18%
        [id['gel-pen-pack-10']!]: 1, // ₹180 at 18%
        [id['geometry-box']!]: 1, // ₹150 at 5%
        [id['pencil-hb-pack-12']!]: 1, // ₹90, nil-rated
      },
      shippingAddress,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const lines = await t.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, body.id))
    .orderBy(asc(orderItems.position));
  return { body, lines };
}

const sumOf = (
  lines: {
    taxablePaise: number | null;
    cgstPaise: number | null;
    sgstPaise: number | null;
    igstPaise: number | null;
  }[],
) => lines.reduce((s, l) => s + l.taxablePaise! + l.cgstPaise! + l.sgstPaise! + l.igstPaise!, 0);

describe('GST on order lines', () => {
  it('splits an in-state order (West Bengal) into equal CGST and SGST, exact to the paisa', async () => {
    const { body, lines } = await order(kolkata);
    expect(lines.map((l) => [l.hsnCode, l.gstRateBp])).toEqual([
      ['4820', 1800],
      ['9608', 1800],
      ['7326', 500],
      ['9609', 0],
    ]);
    expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [177712, 15994, 15994, 0], // 2,097.00 = 1,777.12 + 159.94 + 159.94
      [15254, 1373, 1373, 0],
      [14286, 357, 357, 0],
      [9000, 0, 0, 0],
    ]);
    expect(sumOf(lines)).toBe(Math.round(body.total * 100));
    expect(body.total).toBe(2517);
    expect(body.items[0].gst).toEqual({
      hsnCode: '4820',
      ratePercent: 18,
      taxable: 1777.12,
      cgst: 159.94,
      sgst: 159.94,
      igst: 0,
    });
  });

  it('charges IGST on an order shipped to another state (Karnataka)', async () => {
    const { body, lines } = await order(bengaluru);
    expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [177712, 0, 0, 31988],
      [15254, 0, 0, 2746],
      [14286, 0, 0, 714],
      [9000, 0, 0, 0],
    ]);
    expect(sumOf(lines)).toBe(Math.round(body.total * 100));
    expect(body.items[3].gst).toMatchObject({ hsnCode: '9609', ratePercent: 0, taxable: 90 });
  });

  it('keeps the rate the product had when the order was placed', async () => {
    const { body } = await order(bengaluru);
    await t.db
      .update(products)
      .set({ gstRateBp: 500 })
      .where(eq(products.id, id['gel-pen-pack-10']!));
    try {
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${body.id}`,
        headers: authHeader(shopper.token),
      });
      expect(again.json().items[1].gst).toMatchObject({ ratePercent: 18, igst: 27.46 });
    } finally {
      await t.db
        .update(products)
        .set({ gstRateBp: 1800 })
        .where(eq(products.id, id['gel-pen-pack-10']!));
    }
  });

  it('charges no GST when the store has no GSTIN (not registered)', async () => {
    const [before] = await t.db.select().from(stores).where(eq(stores.isDefault, true));
    await t.db.update(stores).set({ gstin: null }).where(eq(stores.id, before!.id));
    try {
      const { body, lines } = await order(kolkata);
      expect(
        lines.map((l) => [l.hsnCode, l.gstRateBp, l.cgstPaise, l.sgstPaise, l.igstPaise]),
      ).toEqual([
        ['4820', 0, 0, 0, 0],
        ['9608', 0, 0, 0, 0],
        ['7326', 0, 0, 0, 0],
        ['9609', 0, 0, 0, 0],
      ]);
      expect(lines.map((l) => l.taxablePaise)).toEqual([209700, 18000, 15000, 9000]);
      expect(body.total).toBe(2517);
    } finally {
      await t.db.update(stores).set({ gstin: before!.gstin }).where(eq(stores.id, before!.id));
    }
  });
});
