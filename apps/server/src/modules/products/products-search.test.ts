import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFormInput } from '@store/contracts/admin/products';
import { MAX_RESULT_WINDOW } from '@store/contracts/limits';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { saveProduct as saveProductAs } from '../../test/products';
import { createTestApp, type TestApp } from '../../test/test-app';
import { COUNT_BOUND } from './product-listing.service';

let t: TestApp;
let owner: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
});
afterAll(() => t.close());

interface Listed {
  id: string;
  title: string;
  category: string;
  regularPrice: number;
  discountedPrice: number | null;
  createdAt: string;
  attributes: { key: string; value: string[] }[];
  availability: { status: string };
}
interface ListBody {
  data: Listed[];
  pagination: { total: number; totalPages: number; page: number; limit: number };
  correctedQuery?: string | null;
}

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
  return { res, body: res.json() as ListBody };
};
const paid = (p: Listed) => p.discountedPrice ?? p.regularPrice;
const values = (p: Listed, re: RegExp) =>
  p.attributes.filter((a) => re.test(a.key)).flatMap((a) => a.value.map((v) => v.toLowerCase()));

/** Saved through the back office's route, titled 'Search Test Product' unless the test names it. */
const saveProduct = (over: Partial<ProductFormInput>, id?: string): Promise<string> =>
  saveProductAs(t.app, owner, { title: 'Search Test Product', ...over }, id);

describe('search', () => {
  it('corrects a typo against the catalogue\'s words: "fountian pen" finds the fountain pens', async () => {
    const { res, body } = await list('q=fountian%20pen&limit=50');
    expect(res.statusCode).toBe(200);
    expect(body.correctedQuery).toBe('fountain pen');
    const titles = body.data.map((p) => p.title);
    expect(titles).toContain('Classic Fountain Pen with Gold Trim');
    expect(titles.length).toBeGreaterThanOrEqual(3);
    // every word is required (a pencil or an ink bottle that never says fountain is left out),
    // and the pens themselves, fountain pen in the title, come before the cartridges that fit them
    const described = (p: Listed & { description?: string }) => `${p.title} ${p.description}`;
    for (const p of body.data) expect(described(p)).toMatch(/fountain/i);
    const inTitle = titles.map((x) => /fountain pen/i.test(x));
    expect(
      inTitle.indexOf(false) === -1 || inTitle.lastIndexOf(true) < inTitle.indexOf(false),
    ).toBe(true);
  });

  it('ranks the fountain pens (shelved under Pens & Writing) above the fountain pen inks', async () => {
    const { body } = await list('q=fountian%20pen&limit=50');
    const shelves = body.data.map((p) => p.category);
    expect(shelves[0]).toBe('Pens & Writing');
    // every pen before the first product of another shelf
    expect(shelves.lastIndexOf('Pens & Writing')).toBeLessThan(
      shelves.findIndex((c) => c !== 'Pens & Writing'),
    );
  });

  it('takes the last word as a prefix while typing, and says nothing was corrected', async () => {
    const { body } = await list('q=founta');
    expect(body.correctedQuery).toBeNull();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]!.title).toMatch(/fountain/i);
  });

  it('answers a search without correction with correctedQuery null, and a listing without q without it', async () => {
    expect((await list('q=fountain')).body.correctedQuery).toBeNull();
    expect((await list('')).body).not.toHaveProperty('correctedQuery');
  });

  it('falls back to any word when no product has them all', async () => {
    const { body } = await list('q=fountain%20kraft&limit=50');
    const titles = body.data.map((p) => p.title);
    expect(titles.some((x) => /fountain/i.test(x))).toBe(true);
    expect(titles.some((x) => /kraft/i.test(x))).toBe(true);
  });

  it('ranks a title match above a match in the description only', async () => {
    const inDescription = await saveProduct({
      title: 'Plain Desk Tray',
      description: 'Holds a quillograph and more.',
    });
    const inTitle = await saveProduct({ title: 'Quillograph Sketch Pad', description: 'Plain.' });
    const { body } = await list('q=quillograph');
    expect(body.data.map((p) => p.id)).toEqual([inTitle, inDescription]);
  });

  it('matches nothing for a search without a word, and 400s a search past the length limit', async () => {
    const { res, body } = await list('q=%21%21%21');
    expect(res.statusCode).toBe(200);
    expect(body.pagination.total).toBe(0);
    const long = await list(`q=${'a'.repeat(101)}`);
    expect(long.res.statusCode).toBe(400);
  });
});

describe('sort', () => {
  it('orders by the price paid, both ways, ties by id, and pages never overlap', async () => {
    const asc = (await list('sort=price_asc&limit=100')).body.data;
    expect(asc.map(paid)).toEqual([...asc.map(paid)].sort((a, b) => a - b));
    const desc = (await list('sort=price_desc&limit=100')).body.data;
    expect(desc.map(paid)).toEqual([...desc.map(paid)].sort((a, b) => b - a));
    const pages = await Promise.all([1, 2, 3].map((n) => list(`sort=price_asc&limit=5&page=${n}`)));
    const ids = pages.flatMap((p) => p.body.data.map((x) => x.id));
    expect(ids).toEqual(asc.slice(0, 15).map((p) => p.id));
  });

  it('defaults to newest without a search and to relevance with one', async () => {
    const newest = (await list('limit=100')).body.data;
    const dates = newest.map((p) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await list('sort=newest&limit=100')).body.data.map((p) => p.id)).toEqual(
      newest.map((p) => p.id),
    );
    // "pen": the title matches come before the products that only mention pens
    const relevance = (await list('q=pen&limit=100')).body.data;
    const firstNonTitle = relevance.findIndex((p) => !/\bpens?\b/i.test(p.title));
    const lastTitle = relevance.map((p) => /\bpens?\b/i.test(p.title)).lastIndexOf(true);
    expect(firstNonTitle === -1 || lastTitle < firstNonTitle).toBe(true);
  });
});

describe('filters', () => {
  it('filters by the price paid, min inclusive and max exclusive', async () => {
    const { body } = await list('minPrice=200&maxPrice=500&limit=100');
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data) {
      expect(paid(p)).toBeGreaterThanOrEqual(200);
      expect(paid(p)).toBeLessThan(500);
    }
    const all = (await list('limit=100')).body.data;
    expect(body.pagination.total).toBe(all.filter((p) => paid(p) >= 200 && paid(p) < 500).length);
  });

  it('takes any of the chosen sizes or colours, case-insensitively, and every key together', async () => {
    const all = (await list('limit=100')).body.data;
    const count = (pred: (p: Listed) => boolean) => all.filter(pred).length;
    const a5 = (await list('size=a5&limit=100')).body;
    expect(a5.pagination.total).toBe(count((p) => values(p, /^sizes?$/i).includes('a5')));
    const either = (await list('color=Black&color=Navy%20Blue&limit=100')).body;
    const blackOrNavy = (p: Listed) =>
      ['black', 'navy blue'].some((c) => values(p, /^colou?rs?$/i).includes(c));
    expect(either.pagination.total).toBe(count(blackOrNavy));
    expect(either.pagination.total).toBeGreaterThan(
      (await list('color=Black')).body.pagination.total,
    );
    const both = (await list('size=A5&color=Black&color=Navy%20Blue&limit=100')).body;
    expect(both.pagination.total).toBe(
      count((p) => blackOrNavy(p) && values(p, /^sizes?$/i).includes('a5')),
    );
    expect(both.pagination.total).toBeGreaterThan(0);
  });

  it('filters other attributes as Key:Value: any value within a key, all keys', async () => {
    const all = (await list('limit=100')).body.data;
    const ruled = (await list('attr=Ruling:Ruled&attr=ruling:Dotted&limit=100')).body;
    const expected = all.filter((p) =>
      values(p, /^ruling$/i).some((v) => v === 'ruled' || v === 'dotted'),
    );
    expect(ruled.pagination.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    const withWeight = (await list('attr=Ruling:Ruled&attr=ruling:Dotted&attr=Paper%20Weight:100'))
      .body;
    expect(withWeight.pagination.total).toBe(
      expected.filter((p) => values(p, /^paper weight$/i).includes('100')).length,
    );
  });

  it('shows only products that can be bought now with inStock=true', async () => {
    const all = (await list('limit=100')).body.data;
    const { body } = await list('inStock=true&limit=100');
    expect(body.data.every((p) => p.availability.status !== 'sold_out')).toBe(true);
    expect(body.pagination.total).toBe(
      all.filter((p) => p.availability.status !== 'sold_out').length,
    );
    expect(body.pagination.total).toBeLessThan(all.length);
  });

  it('keeps featured in step with the back office: the featured switch and attribute edits', async () => {
    const id = await saveProduct({ title: 'Switchable Memo Pad' });
    const featuredIds = async () =>
      (await list('featured=true&limit=100')).body.data.map((p) => p.id);
    expect(await featuredIds()).not.toContain(id);
    await saveProduct({ title: 'Switchable Memo Pad', featured: true }, id);
    expect(await featuredIds()).toContain(id);
    // an attribute added later is searchable and filterable at once
    await saveProduct(
      {
        title: 'Switchable Memo Pad',
        featured: true,
        attributes: [{ key: 'Colour', values: ['Saffron'] }],
        variantStock: [{ size: '', color: 'Saffron', onHand: 2 }],
      },
      id,
    );
    expect((await list('color=saffron')).body.data.map((p) => p.id)).toEqual([id]);
    expect((await list('q=saffron')).body.data.map((p) => p.id)).toEqual([id]);
    await saveProduct({ title: 'Switchable Memo Pad', featured: false }, id);
    expect(await featuredIds()).not.toContain(id);
    expect((await list('color=saffron')).body.pagination.total).toBe(0);
  });

  it('answers 400 with an error for bad filter values', async () => {
    for (const q of ['minPrice=abc', 'maxPrice=-5', 'sort=cheapest', 'inStock=yes', 'page=0']) {
      const { res } = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().error, q).toBe('string');
    }
  });
});

describe('result window', () => {
  it('answers a page past MAX_RESULT_WINDOW with 200 and no products; totalPages stops before it', async () => {
    const limit = 12;
    const deep = Math.floor(MAX_RESULT_WINDOW / limit) + 1;
    const { res, body } = await list(`page=${deep}&limit=${limit}`);
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination.total).toBeGreaterThan(0);
    expect(body.pagination.totalPages).toBeLessThan(deep);
  });
});

describe('counts above the bound', () => {
  it('stays exact past COUNT_BOUND rows and on every page', async () => {
    const before = (await list('')).body.pagination.total;
    // rows added behind the back office's back, as a bulk loader does: the triggers index them
    const extra = COUNT_BOUND + 20;
    await t.db.execute(sql`insert into products (store_id, title, description, category,
        regular_price_paise, created_at)
      select ${DEFAULT_STORE_ID}, 'Zorbel Note ' || i, 'Yellow notes.', 'Accessories', 5000,
        now() - interval '10 years'
      from generate_series(1, ${extra}) as i`);
    t.app.catalogueChanged();
    const first = await list('');
    expect(first.body.pagination.total).toBe(before + extra);
    const later = await list('page=50');
    expect(later.body.pagination.total).toBe(before + extra);
    expect((await list('q=zorbel')).body.pagination.total).toBe(extra);
  });
});

describe('relevance tiers', () => {
  /** Every page of a search, in order, with the ids it showed. */
  async function walk(query: string, limit: number) {
    const first = (await list(`${query}&limit=${limit}`)).body;
    const pages = [first];
    for (let n = 2; n <= first.pagination.totalPages; n++) {
      pages.push((await list(`${query}&limit=${limit}&page=${n}`)).body);
    }
    return { total: first.pagination.total, rows: pages.flatMap((p) => p.data) };
  }

  it('pages across the boundary of small tiers: titles first, ranked, none repeated or skipped', async () => {
    for (let i = 0; i < 7; i++) {
      await saveProduct({ title: `Velloric Ledger ${i}`, description: 'Plain.' });
    }
    for (let i = 0; i < 5; i++) {
      await saveProduct({ title: `Plain Folder ${i}`, description: 'A velloric finish.' });
    }
    const { total, rows } = await walk('q=velloric', 5);
    expect(total).toBe(12);
    expect(new Set(rows.map((p) => p.id)).size).toBe(12);
    expect(rows.map((p) => /velloric/i.test(p.title))).toEqual([
      ...Array(7).fill(true),
      ...Array(5).fill(false),
    ]);
  });

  it('serves a tier of more than COUNT_BOUND titles newest first, then the rest, exactly once each', async () => {
    const titled = COUNT_BOUND + 15;
    // behind the back office's back, as a bulk loader does: the triggers index them
    await t.db.execute(sql`insert into products (store_id, title, description, category,
        regular_price_paise, created_at)
      select ${DEFAULT_STORE_ID}, 'Quorvane Pad ' || i, 'Plain.', 'Accessories', 5000,
        now() - interval '5 years' + i * interval '1 hour'
      from generate_series(1, ${titled}) as i`);
    await t.db.execute(sql`insert into products (store_id, title, description, category,
        regular_price_paise, created_at)
      select ${DEFAULT_STORE_ID}, 'Plain Binder ' || i, 'Quorvane paper.', 'Accessories', 5000,
        now() - interval '1 year' - i * interval '1 hour'
      from generate_series(1, 20) as i`);
    t.app.catalogueChanged();
    const { total, rows } = await walk('q=quorvane', 100);
    expect(total).toBe(titled + 20);
    expect(rows).toHaveLength(titled + 20);
    expect(new Set(rows.map((p) => p.id)).size).toBe(titled + 20);
    const isTitled = rows.map((p) => /quorvane/i.test(p.title));
    expect(isTitled.lastIndexOf(true)).toBe(titled - 1);
    // the large tier newest first (the longest titles here: relevance would put them last),
    // though the description-only products are newer
    const dates = rows.slice(0, titled).map((p) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // the small second tier is ranked (here all alike: newest first among equals)
    const rest = rows.slice(titled).map((p) => Date.parse(p.createdAt));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });
});

describe('GET /products/suggest', () => {
  it('offers products and categories for a half-typed word, and corrects typos', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/suggest?q=founta' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    expect(body.products[0]).toEqual({
      id: expect.any(String),
      title: expect.stringMatching(/fountain/i),
      category: expect.any(String),
      imgUrl: expect.any(String),
      price: expect.any(Number),
    });
    expect(body.categories[0]).toEqual({ value: 'Pens & Writing', count: expect.any(Number) });
    const typo = await t.app.inject({ method: 'GET', url: '/api/v1/products/suggest?q=fountian' });
    expect(typo.json().correctedQuery).toBe('fountain');
  });

  it('answers 400 for an empty search with the message the box shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/suggest?q=%20' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Type something to search for/);
  });
});
