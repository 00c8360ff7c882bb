import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@store/contracts/admin/import';
import { activityLog, products } from '../../db/schema';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { authHeader, createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

let t: TestApp;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const exportCsv = () =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/products/export.csv', headers: clerk.headers });

async function importCsv(csv: string, dryRun: boolean): Promise<ImportResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/import?dryRun=${dryRun}`,
    headers: clerk.headers,
    payload: { csv },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const logCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(activityLog))[0]!.n;

const header =
  'slug,title,description,category,parent_category,regular_price,discounted_price,hsn_code,gst_rate,sku,barcode,weight_grams,stock,featured,published,sizes,colours,attributes,variant_stock,image_urls';
/** the columns before SKU, barcode and weight: files written then still import */
const headerBeforeCodes =
  'slug,title,description,category,parent_category,regular_price,discounted_price,hsn_code,gst_rate,stock,featured,published,sizes,colours,attributes,variant_stock,image_urls';
/** the columns before GST: files written then still import (most tests below use them) */
const headerBeforeGst =
  'slug,title,description,category,parent_category,regular_price,discounted_price,stock,featured,published,sizes,colours,attributes,variant_stock,image_urls';

describe('export', () => {
  it('writes every product not archived with the documented columns', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${header}`);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.archivedAt} is null`)) as [{ n: number }];
    expect(rows).toHaveLength(n);
    const pen = rows.find((r) => r.slug === 'fountain-pen-classic-gold')!;
    expect(pen).toMatchObject({
      regular_price: '850.00',
      stock: '28',
      colours: 'Navy Blue|Black|Burgundy',
    });
    expect(pen.variant_stock).toBe('/Navy Blue=24|/Black=4|/Burgundy=0');
  });

  it('is refused without a session and with a shopper token', async () => {
    const shopper = await registerAndLogin(t.app);
    for (const headers of [{}, authHeader(shopper.token)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/products/export.csv',
        headers,
      });
      expect(res.statusCode).toBe(401);
      const imp = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/products/import?dryRun=true',
        headers,
        payload: { csv: header },
      });
      expect(imp.statusCode).toBe(401);
    }
  });

  it('re-imported as it is, changes nothing', async () => {
    const before = await logCount();
    const result = await importCsv((await exportCsv()).body, false);
    expect(result.fileErrors).toEqual([]);
    expect(result.rows.filter((r) => r.action !== 'unchanged')).toEqual([]);
    expect(result.ok).toBe(true);
    expect(await logCount()).toBe(before);
  });
});

describe('import', () => {
  const file = [
    headerBeforeGst,
    'csv-ruled-pad,CSV Ruled Pad,"A pad, ruled.\nTwo lines.",diaries & notebooks,,120,99.50,7,true,true,,,Pages[pages]=80,,/images/products/pad.svg',
    ',CSV Marker Set,=cmd|calc,Art Supplies,,250,,0,false,false,S|M,Red|Blue,Tip[mm]=0.5;1.0,S/Red=3|M/Blue=2,',
  ].join('\n');

  it('previews without writing, then writes, and a second import changes nothing', async () => {
    const before = await logCount();
    const preview = await importCsv(file, true);
    expect(preview).toMatchObject({ dryRun: true, ok: true, counts: { create: 2, error: 0 } });
    expect(preview.rows.map((r) => [r.line, r.slug, r.action])).toEqual([
      [2, 'csv-ruled-pad', 'create'],
      [4, 'csv-marker-set', 'create'],
    ]);
    expect(await logCount()).toBe(before);
    expect(
      await t.db.select().from(products).where(eq(products.slug, 'csv-ruled-pad')),
    ).toHaveLength(0);

    const real = await importCsv(file, false);
    expect(real).toMatchObject({ dryRun: false, ok: true, counts: { create: 2 } });
    // one entry per product and one for the import
    expect(await logCount()).toBe(before + 3);
    const [pad] = await t.db.select().from(products).where(eq(products.slug, 'csv-ruled-pad'));
    expect(pad).toMatchObject({
      // a file without the GST columns: the category's usual heading and rate
      hsnCode: '4820',
      gstRateBp: 1800,
      category: 'Diaries & Notebooks',
      regularPricePaise: 12000,
      discountedPricePaise: 9950,
      description: 'A pad, ruled.\nTwo lines.',
      active: true,
    });
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/products/${pad!.id}` });
    expect(shown.statusCode).toBe(200);
    const marker = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${
        (await t.db.select().from(products).where(eq(products.slug, 'csv-marker-set')))[0]!.id
      }`,
      headers: clerk.headers,
    });
    expect(marker.json()).toMatchObject({
      description: '=cmd|calc',
      published: false,
      stock: 5,
      attributes: [
        { key: 'Size', values: ['S', 'M'], metricUnit: null },
        { key: 'Colours', values: ['Red', 'Blue'], metricUnit: null },
        { key: 'Tip', values: ['0.5', '1.0'], metricUnit: 'mm' },
      ],
    });

    const again = await importCsv(file, false);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
    expect(await logCount()).toBe(before + 3);

    // the export guards the description and reads back the same
    const exported = (await exportCsv()).body;
    expect(exported).toContain(`'=cmd|calc`);
    const round = await importCsv(exported, true);
    expect(round.rows.filter((r) => r.action !== 'unchanged')).toEqual([]);

    const changed = await importCsv(file.replace(',120,99.50,', ',130,99.50,'), false);
    expect(changed.counts).toMatchObject({ update: 1, unchanged: 1 });
    const [after] = await t.db.select().from(products).where(eq(products.slug, 'csv-ruled-pad'));
    expect(after!.regularPricePaise).toBe(13000);
  });

  it('lists each row’s errors by column and writes nothing when any row has one', async () => {
    const bad = [
      headerBeforeGst,
      'ok-row,Fine Row,,Art Supplies,,10,,1,false,true,,,,,',
      'bad-row,Bad Row,,Spaceships,,10,12,-1,maybe,true,,,,,',
      'ok-row,Same Slug,,Art Supplies,,abc,,1,false,true,,,,S/Red=2,',
    ].join('\n');
    const before = await logCount();
    const result = await importCsv(bad, false);
    expect(result.ok).toBe(false);
    expect(result.counts).toMatchObject({ create: 1, error: 2 });
    const byLine = new Map(result.rows.map((r) => [r.line, r]));
    const cols = (line: number) =>
      byLine
        .get(line)!
        .errors.map((e) => e.column)
        .sort();
    expect(cols(3)).toEqual(['category', 'discounted_price', 'featured', 'stock']);
    expect(byLine.get(3)!.errors.find((e) => e.column === 'discounted_price')!.message).toBe(
      'The discounted price must not be above the regular price',
    );
    expect(cols(4)).toEqual(['regular_price', 'slug', 'variant_stock']);
    expect(await logCount()).toBe(before);
    expect(await t.db.select().from(products).where(eq(products.slug, 'ok-row'))).toHaveLength(0);
  });

  it('reads and writes the HSN code and GST rate; a missing or empty cell keeps or defaults them', async () => {
    const pen = (await exportCsv()).body
      .split('\r\n')
      .find((l) => l.startsWith('gel-pen-pack-10,'));
    expect(pen).toContain(',9608,18,');
    const magazine = (await exportCsv()).body
      .split('\r\n')
      .find((l) => l.startsWith('calligraphy-quarterly,'));
    expect(magazine).toContain(',4902,0,');

    const gst = [
      headerBeforeCodes,
      'gst-notebook,GST Notebook,,Diaries & Notebooks,,60,,48202000,0,5,false,true,,,,,',
      'gst-box,GST Colour Box,,Art Supplies,,150,,7326,5%,5,false,true,,,,,',
      'gst-magazine,GST Magazine,,Magazines,,80,,,,5,false,true,,,,,',
      'gst-bad,GST Bad,,Ink,,80,,482,12.5,5,false,true,,,,,',
    ].join('\n');
    const preview = await importCsv(gst, true);
    const bad = preview.rows.find((r) => r.slug === 'gst-bad')!;
    expect(bad.errors).toHaveLength(2);
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { column: 'hsn_code', message: 'HSN code must be 4, 6 or 8 digits' },
        {
          column: 'gst_rate',
          message: 'GST rate in percent: one of 0, 0.25, 3, 5, 12, 18, 28, 40',
        },
      ]),
    );

    const written = await importCsv(gst.split('\n').slice(0, 4).join('\n'), false);
    expect(written.counts).toMatchObject({ create: 3, error: 0 });
    const rows = await t.db
      .select({ slug: products.slug, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp })
      .from(products)
      .where(sql`${products.slug} like 'gst-%'`)
      .orderBy(products.slug);
    expect(rows).toEqual([
      { slug: 'gst-box', hsnCode: '7326', gstRateBp: 500 },
      { slug: 'gst-magazine', hsnCode: '4902', gstRateBp: 0 },
      { slug: 'gst-notebook', hsnCode: '48202000', gstRateBp: 0 },
    ]);
    // an old file (no GST columns) updating the box keeps its code and rate
    const old = await importCsv(
      [headerBeforeGst, 'gst-box,GST Colour Box,,Art Supplies,,160,,5,false,true,,,,,'].join('\n'),
      false,
    );
    expect(old.counts).toMatchObject({ update: 1 });
    const [box] = await t.db.select().from(products).where(eq(products.slug, 'gst-box'));
    expect(box).toMatchObject({ hsnCode: '7326', gstRateBp: 500, regularPricePaise: 16000 });
  });

  it('names unknown and missing columns as errors of the file', async () => {
    const result = await importCsv('title,price\nA,1', true);
    expect(result.ok).toBe(false);
    expect(result.fileErrors.join(' ')).toMatch(/Unknown column "price"/);
    expect(result.fileErrors.join(' ')).toMatch(/"category" is missing/);
    const broken = await importCsv(`${headerBeforeGst}\n"unclosed`, true);
    expect(broken.fileErrors[0]).toMatch(/not valid CSV/);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products/import?dryRun=true',
      headers: clerk.headers,
      payload: { csv: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('csv');
  });

  it('finds a product made before slugs by its title, and gives it a slug', async () => {
    const [row] = await t.db
      .update(products)
      .set({ slug: null })
      .where(eq(products.slug, 'calligraphy-pen-set'))
      .returning();
    const exported = (await exportCsv()).body;
    const first = await importCsv(exported, false);
    expect(first.rows.filter((r) => r.action !== 'unchanged')).toEqual([
      expect.objectContaining({ slug: 'calligraphy-pen-set-with-3-nibs', action: 'update' }),
    ]);
    const [after] = await t.db.select().from(products).where(eq(products.id, row!.id));
    expect(after!.slug).toBe('calligraphy-pen-set-with-3-nibs');
    const second = await importCsv(exported, false);
    expect(second.rows.every((r) => r.action === 'unchanged')).toBe(true);
  });

  it('takes a file of 2 MB', async () => {
    const row = `,Big Row X,${'d'.repeat(4000)},Art Supplies,,10,,1,false,false,,,,,`;
    const lines = [headerBeforeGst];
    for (let i = 0; lines.join('\n').length < 1.9 * 1024 * 1024; i++)
      lines.push(row.replace('X', String(i)));
    const result = await importCsv(lines.join('\n'), true);
    expect(result.fileErrors).toEqual([]);
    expect(result.rows.every((r) => r.errors.length === 0)).toBe(true);
  });
});
