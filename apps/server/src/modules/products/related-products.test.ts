import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAttributes, products } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Shown {
  id: string;
  title: string;
  category: string;
  parentCategory: string | null;
  attributes: { key: string; value: string[] }[];
  availability: unknown;
  images: unknown[];
}

let t: TestApp;
let all: Shown[];
beforeAll(async () => {
  t = await createTestApp();
  all = (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json().data;
});
afterAll(() => t.close());

const byTitle = (title: string) => all.find((p) => p.title === title)!;
const related = async (id: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}/related${query}` });
  return { res, data: (res.statusCode === 200 ? res.json().data : []) as Shown[] };
};

describe('GET /products/:id/related', () => {
  it('shows four of the same category, most alike first: the other fountain pens for a fountain pen', async () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    const { res, data } = await related(pen.id);
    expect(res.statusCode).toBe(200);
    expect(data).toHaveLength(4);
    expect(data.map((p) => p.id)).not.toContain(pen.id);
    expect(data.every((p) => p.category === 'Pens & Writing')).toBe(true);
    // colours and nib in common and 'Fountain Pen' in the title beat the ball pens and pencils
    for (const p of data) expect(p.title).toMatch(/Fountain Pen/);
    // whole products, as the listing sends them
    expect(data[0]).toHaveProperty('availability');
    expect(data[0]!.images.length).toBeGreaterThan(0);
  });

  it('fills from the parent category when the category runs out, never repeating a product', async () => {
    const ink = byTitle('Fountain Pen Ink: Jet Black');
    const inkCount = all.filter((p) => p.category === 'Ink').length;
    const { data } = await related(ink.id, '?limit=12');
    expect(data).toHaveLength(12);
    expect(new Set(data.map((p) => p.id)).size).toBe(12);
    const categories = data.map((p) => p.category);
    expect(categories.slice(0, inkCount - 1).every((c) => c === 'Ink')).toBe(true);
    expect(categories.slice(inkCount - 1).every((c) => c === 'Pens & Writing')).toBe(true);
  });

  it('fills from anywhere, featured first, for a product alone in its category and parent', async () => {
    const id = randomUUID();
    await t.db.insert(products).values({
      id,
      storeId: DEFAULT_STORE_ID,
      slug: `related-test-${id.slice(0, 8)}`,
      title: 'Lonely Wax Seal',
      category: 'Sealing Wax',
      parentCategory: 'Letters',
      regularPricePaise: 30_000,
    });
    const { data } = await related(id, '?limit=6');
    expect(data).toHaveLength(6);
    const featuredCount = all.filter((p) => p.attributes.some((a) => a.key === 'featured')).length;
    expect(featuredCount).toBeGreaterThanOrEqual(6);
    for (const p of data) expect(p.attributes.map((a) => a.key)).toContain('featured');
  });

  it('leaves out products that are not on sale', async () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    const first = (await related(pen.id, '?limit=1')).data[0]!;
    await t.db.update(products).set({ active: false }).where(eq(products.id, first.id));
    t.app.catalogueChanged();
    const { data } = await related(pen.id, '?limit=12');
    expect(data.map((p) => p.id)).not.toContain(first.id);
    await t.db.update(products).set({ active: true }).where(eq(products.id, first.id));
    t.app.catalogueChanged();
  });

  it('ranks shared colours and sizes above a newer product with none', async () => {
    const diary = byTitle('Classic Hardbound Diary 2025');
    const colours = diary.attributes.find((a) => a.key === 'Colours')!.value;
    const sameCategory = all.filter((p) => p.category === diary.category && p.id !== diary.id);
    // the oldest notebook of the category gets the diary's colours: it moves to the front
    const oldest = sameCategory.at(-1)!;
    await t.db.insert(productAttributes).values({
      productId: oldest.id,
      position: 99,
      key: 'Colours',
      values: colours,
    });
    t.app.catalogueChanged();
    const { data } = await related(diary.id, '?limit=2');
    expect(data[0]!.id).toBe(oldest.id);
  });

  it('answers 404 for an unknown product and 400 for a limit out of range', async () => {
    expect((await related(randomUUID())).res.statusCode).toBe(404);
    expect((await related('not-a-product')).res.statusCode).toBe(404);
    expect((await related(all[0]!.id, '?limit=13')).res.statusCode).toBe(400);
    expect((await related(all[0]!.id, '?limit=0')).res.statusCode).toBe(400);
  });
});
