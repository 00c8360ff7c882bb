import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@store/contracts/ids';
import type { Product } from '@store/contracts/products';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { hydrate } from './products.service';

/**
 * Newest products of the same category (and of the same parent category) ranked for similarity.
 * Ranking every product of a category would cost more as the catalogue grows; the newest few
 * hundred are found by walking an index and are plenty to pick a handful from.
 */
const CANDIDATES = 200;

/**
 * Products to show under a product (null when it is unknown or not on sale): those of its category
 * first, most alike first (facet values in common: colour, size, ruling…; then the title's
 * trigram similarity; then newest), then of its parent category ranked the same way, then any
 * other, featured first, then newest. Never the product itself; active products only.
 */
export async function relatedProducts(
  db: DbOrTx,
  storeId: string,
  id: string,
  limit: number,
): Promise<Product[] | null> {
  if (!isUuid(id)) return null;
  const [target] = await db
    .select({ category: products.category, parentCategory: products.parentCategory })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, id), eq(products.active, true)))
    .limit(1);
  if (!target) return null;
  const category = target.category?.trim().toLowerCase() ?? null;
  const parent = target.parentCategory?.trim().toLowerCase() ?? null;
  const others = sql`p.store_id = ${storeId} and p.active and p.id <> ${id}`;
  // both drivers answer { rows } (the Db type leaves the result shape open)
  const result = (await db.execute(sql`
    with t as (select title, facet_values from products where id = ${id}),
    same as (
      select p.id, p.title, p.facet_values, p.created_at from products p
      where ${others} and lower(p.category) = ${category}
      order by p.created_at desc limit ${CANDIDATES}
    ),
    parent as (
      select p.id, p.title, p.facet_values, p.created_at from products p
      where ${others} and lower(p.parent_category) = ${parent}
        and lower(p.category) is distinct from ${category}
      order by p.created_at desc limit ${CANDIDATES}
    ),
    ranked as (
      select c.id, c.tier, c.created_at, false as featured,
        cardinality(array(select unnest(c.facet_values) intersect select unnest(t.facet_values)))
          as shared,
        similarity(c.title, t.title) as alike
      from (select *, 1 as tier from same union all select *, 2 as tier from parent) c, t
    ),
    -- only reached when the category and parent category hold fewer than limit products, so
    -- leaving out the candidates above leaves out all of them
    featured as (
      select p.id, p.created_at from products p
      where ${others} and p.featured
        and p.id not in (select id from same union all select id from parent)
      order by p.created_at desc limit ${limit}
    ),
    newest as (
      select p.id, p.created_at from products p
      where ${others} and p.id not in (select id from same union all select id from parent)
      order by p.created_at desc limit ${limit * 2}
    ),
    anywhere as (
      select id, 3 as tier, created_at, true as featured, 0 as shared, 0::real as alike
      from featured
      union all
      select id, 3 as tier, created_at, false as featured, 0 as shared, 0::real as alike
      from newest where id not in (select id from featured)
    )
    select id from (select * from ranked union all select * from anywhere) r
    order by tier, shared desc, alike desc, featured desc, created_at desc, id
    limit ${limit}
  `)) as unknown as { rows: { id: string }[] };
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hydrate(
    db,
    ids.flatMap((i) => byId.get(i) ?? []),
  );
}
