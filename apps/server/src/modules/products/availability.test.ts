import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@store/contracts/products';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setStock } from '../../test/stock';

let t: TestApp;
let all: Product[];
const byTitle = (title: string) => all.find((p) => p.title === title)!;

async function listing(): Promise<Product[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  all = await listing();
});
afterAll(() => t.close());

describe('availability in the demo catalogue', () => {
  it('is mostly in stock, with some low and one product sold out', () => {
    const counts = { in_stock: 0, low_stock: 0, sold_out: 0 };
    for (const p of all) counts[p.availability.status]++;
    expect(counts.in_stock).toBeGreaterThan(all.length * 0.8);
    expect(counts.low_stock).toBeGreaterThanOrEqual(2);
    expect(byTitle('Art Supplies Review')).toMatchObject({
      availability: { status: 'sold_out', left: null },
      variants: [],
    });
    expect(byTitle('Little Artists Activity Magazine').availability).toEqual({
      status: 'low_stock',
      left: 5,
    });
  });

  it('gives each size/colour its own availability, and the product their sum', () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    expect(pen.variants).toEqual([
      { size: null, color: 'Black', availability: { status: 'low_stock', left: 4 } },
      { size: null, color: 'Burgundy', availability: { status: 'sold_out', left: null } },
      { size: null, color: 'Navy Blue', availability: { status: 'in_stock', left: null } },
    ]);
    expect(pen.availability).toEqual({ status: 'in_stock', left: null });
  });

  it('lists a variant per size x colour a product offers', () => {
    const diary = byTitle('Classic Hardbound Diary 2025');
    expect(diary.variants.map((v) => `${v.size}/${v.color}`).sort()).toEqual([
      'A5/Black',
      'A5/Maroon',
      'A5/Navy Blue',
    ]);
  });

  it('answers the same on the product page', async () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${pen.id}` });
    expect(res.json()).toMatchObject({ availability: pen.availability, variants: pen.variants });
  });

  it('says "sold out" only when every variant is, and counts what is left across them', async () => {
    const pen = byTitle('Classic Fountain Pen with Gold Trim');
    await setStock(t.db, pen.id, 0, { color: 'Navy Blue' });
    await setStock(t.db, pen.id, 1, { color: 'Black' });
    t.app.catalogueChanged();
    const low = (await listing()).find((p) => p.id === pen.id)!;
    expect(low.availability).toEqual({ status: 'low_stock', left: 1 });
    await setStock(t.db, pen.id, 0, { color: 'Black' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${pen.id}` });
    expect(res.json().availability).toEqual({ status: 'sold_out', left: null });
  });
});
