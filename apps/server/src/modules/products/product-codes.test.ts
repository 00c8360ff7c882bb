import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@store/contracts/admin/import';
import { barcodeMessages } from '@store/contracts/barcode';
import { productFormSchema } from '@store/contracts/admin/products';
import { products } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { HttpError } from '../../lib/errors';
import { commandLineActor } from '../activity/activity.service';
import { valuesOfForm, writeProduct } from './admin-products.service';
import { productForm, saveProduct } from '../../test/products';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Products' SKU, barcode and weight (issue 26 item 3; docs/decisions/delivery-charges.md): the
 * form, the list's search, the public answer and the CSV.
 */

let t: TestApp;
let clerk: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const url = '/api/v1/admin/products';
const post = (over: Parameters<typeof productForm>[0]) =>
  t.app.inject({ method: 'POST', url, headers: clerk.headers, payload: productForm(over) });
const adminProduct = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `${url}/${id}`, headers: clerk.headers })).json();
const search = async (q: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `${url}?q=${encodeURIComponent(q)}`,
      headers: clerk.headers,
    })
  ).json().data as { id: string; sku: string | null }[];

// a valid EAN-13 (GS1 India's 890 prefix) and a UPC-A with its leading 0
const ean = '8901030865275';
const upc = '036000291452';

describe('the product form: SKU, barcode and weight', () => {
  it('saves them, shows them to staff, finds the product by either, and tells shoppers', async () => {
    const id = await saveProduct(t.app, clerk, {
      title: 'Codes Ledger A4',
      sku: ' LED-A4-200 ',
      barcode: '8 901030-865275',
      weightGrams: 640,
    });
    expect(await adminProduct(id)).toMatchObject({
      sku: 'LED-A4-200',
      barcode: ean,
      weightGrams: 640,
    });
    expect((await search('led-a4')).map((p) => p.id)).toEqual([id]);
    expect((await search('8901030 865275')).map((p) => p.id)).toEqual([id]);
    expect((await search('LED-A4'))[0]?.sku).toBe('LED-A4-200');

    const shown = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();
    expect(shown).toMatchObject({ sku: 'LED-A4-200', barcode: ean, weightGrams: 640 });
  });

  it('leaves them out of the public answer when not given, and clears them when emptied', async () => {
    const id = await saveProduct(t.app, clerk, { title: 'Codes Plain Eraser', sku: 'ER-1' });
    await saveProduct(t.app, clerk, { title: 'Codes Plain Eraser', sku: '', barcode: '' }, id);
    expect(await adminProduct(id)).toMatchObject({ sku: null, barcode: null, weightGrams: null });
    const shown = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();
    expect(shown).not.toHaveProperty('sku');
    expect(shown).not.toHaveProperty('barcode');
    expect(shown).not.toHaveProperty('weightGrams');
  });

  it('a SKU is the store’s one product’s, in any letter case (409 on the field, naming the holder)', async () => {
    const first = await saveProduct(t.app, clerk, { title: 'Codes Blue Pen', sku: 'PEN-BLUE' });
    const res = await post({ title: 'Codes Other Pen', sku: 'pen-blue' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({
      sku: 'Another product already has the SKU "pen-blue": Codes Blue Pen',
    });
    // its own SKU in another case is still its own
    await saveProduct(t.app, clerk, { title: 'Codes Blue Pen', sku: 'pen-blue' }, first);
    expect((await adminProduct(first)).sku).toBe('pen-blue');
  });

  it('two saves racing for one SKU: one wins, the other gets the 409, never a 500', async () => {
    const [a, b] = await Promise.all([
      post({ title: 'Codes Race A', sku: 'RACE-1' }),
      post({ title: 'Codes Race B', sku: 'race-1' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().fields.sku).toMatch(/^Another product already has the SKU "race-1"/i);
  });

  it('the unique index itself answers a taken SKU as the 409 (the write after a check that raced)', async () => {
    await saveProduct(t.app, clerk, { title: 'Codes Index Holder', sku: 'IDX-1' });
    const values = valuesOfForm(
      productFormSchema.parse(productForm({ title: 'Codes Index Racer', sku: 'idx-1' })),
      { slug: 'codes-index-racer', category: 'Accessories', archived: false },
    );
    const error = await t.db
      .transaction((tx) => writeProduct(tx, commandLineActor(DEFAULT_STORE_ID), null, values))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 409,
      fields: { sku: 'Another product already has the SKU "idx-1"' },
    });
  });

  it('refuses a mistyped barcode, a SKU of odd characters and an impossible weight, each on its field', async () => {
    const cases: [object, string, string][] = [
      [{ barcode: '8901030865276' }, 'barcode', barcodeMessages.checkDigit],
      [{ barcode: 'ABC123' }, 'barcode', barcodeMessages.format],
      [{ sku: 'PEN|01' }, 'sku', 'Use letters, digits, spaces and - _ . / # only'],
      [{ sku: 'x'.repeat(65) }, 'sku', 'SKU must be at most 64 characters'],
      [{ weightGrams: -1 }, 'weightGrams', 'Enter the weight in whole grams, from 0 to 10,00,000'],
      [
        { weightGrams: 12.5 },
        'weightGrams',
        'Enter the weight in whole grams, from 0 to 10,00,000',
      ],
      [
        { weightGrams: 2_000_000 },
        'weightGrams',
        'Enter the weight in whole grams, from 0 to 10,00,000',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await post({ title: 'Codes Bad', ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields).toEqual({ [field]: message });
    }
    const typed = await t.app.inject({
      method: 'POST',
      url,
      headers: clerk.headers,
      payload: { ...productForm({ title: 'Codes Bad' }), weightGrams: '250' },
    });
    expect(typed.statusCode).toBe(400);
  });
});

describe('the CSV: sku, barcode and weight_grams', () => {
  const head =
    'slug,title,category,regular_price,hsn_code,gst_rate,sku,barcode,weight_grams,stock,published';
  async function importCsv(csv: string, dryRun: boolean): Promise<ImportResult> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${url}/import?dryRun=${dryRun}`,
      headers: clerk.headers,
      payload: { csv },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const codesOf = async (slugs: string[]) =>
    Object.fromEntries(
      (
        await t.db
          .select({ slug: products.slug, sku: products.sku })
          .from(products)
          .where(inArray(products.slug, slugs))
      ).map((r) => [r.slug, r.sku]),
    );

  it('imports them, exports them, and a second import of the same file changes nothing', async () => {
    const csv = [
      head,
      `csv-codes-a,CSV Codes A,Accessories,40,4820,18,CSV-A,${ean},120,5,true`,
      `csv-codes-b,CSV Codes B,Accessories,45,4820,18,CSV-B,${upc},,5,true`,
    ].join('\n');
    const first = await importCsv(csv, false);
    expect(first.counts).toMatchObject({ create: 2, error: 0 });
    const [a] = await t.db.select().from(products).where(eq(products.slug, 'csv-codes-a'));
    expect(a).toMatchObject({ sku: 'CSV-A', barcode: ean, weightGrams: 120 });

    const again = await importCsv(csv, false);
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 2 });

    const exported = parse(
      (await t.app.inject({ method: 'GET', url: `${url}/export.csv`, headers: clerk.headers }))
        .body,
      { bom: true, columns: true },
    ) as Record<string, string>[];
    expect(exported.find((r) => r.slug === 'csv-codes-b')).toMatchObject({
      sku: 'CSV-B',
      barcode: upc,
      weight_grams: '',
    });
  });

  it('the preview names a SKU twice in the file and one another product keeps, and writes nothing', async () => {
    await saveProduct(t.app, clerk, { title: 'CSV Holder', sku: 'HELD-1' });
    const csv = [
      head,
      'csv-dup-a,CSV Dup A,Accessories,40,4820,18,DUP-1,,,5,true',
      'csv-dup-b,CSV Dup B,Accessories,40,4820,18,dup-1,,,5,true',
      'csv-dup-c,CSV Dup C,Accessories,40,4820,18,held-1,,,5,true',
      'csv-dup-d,CSV Dup D,Accessories,40,4820,18,DUP-4,8901030865276,1.5,5,true',
    ].join('\n');
    const preview = await importCsv(csv, true);
    const errorsOf = (slug: string) => preview.rows.find((r) => r.slug === slug)!.errors;
    expect(errorsOf('csv-dup-a')).toEqual([]);
    expect(errorsOf('csv-dup-b')).toEqual([
      { column: 'sku', message: 'Line 2 already has the SKU "dup-1"' },
    ]);
    expect(errorsOf('csv-dup-c')).toEqual([
      { column: 'sku', message: 'Another product already has the SKU "held-1": CSV Holder' },
    ]);
    expect(errorsOf('csv-dup-d')).toEqual(
      expect.arrayContaining([
        { column: 'barcode', message: barcodeMessages.checkDigit },
        { column: 'weight_grams', message: 'Enter the weight in whole grams, from 0 to 10,00,000' },
      ]),
    );
    const written = await importCsv(csv, false);
    expect(written.ok).toBe(false);
    expect(await codesOf(['csv-dup-a'])).toEqual({});
  });

  it('a file that swaps two products’ SKUs imports (the old codes are let go first)', async () => {
    await importCsv(
      [
        head,
        'csv-swap-a,CSV Swap A,Accessories,40,4820,18,SWAP-A,,,5,true',
        'csv-swap-b,CSV Swap B,Accessories,40,4820,18,SWAP-B,,,5,true',
      ].join('\n'),
      false,
    );
    const swapped = await importCsv(
      [
        head,
        'csv-swap-a,CSV Swap A,Accessories,40,4820,18,SWAP-B,,,5,true',
        'csv-swap-b,CSV Swap B,Accessories,40,4820,18,SWAP-A,,,5,true',
      ].join('\n'),
      false,
    );
    expect(swapped.counts).toMatchObject({ update: 2, error: 0 });
    expect(await codesOf(['csv-swap-a', 'csv-swap-b'])).toEqual({
      'csv-swap-a': 'SWAP-B',
      'csv-swap-b': 'SWAP-A',
    });
  });
});
