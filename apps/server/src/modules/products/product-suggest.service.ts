import { desc, sql } from 'drizzle-orm';
import { paiseToRupees } from '@store/contracts/money';
import type { ProductSuggestions } from '@store/contracts/products';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { filterConditions, whereOf } from './product-filters.service';
import { relevancePage, searchFor } from './product-listing.service';
import { publicImageUrl } from '../media/site-images';

/** What the search box offers while the shopper types: the best products and their categories. */
export async function suggestProducts(
  db: DbOrTx,
  storeId: string,
  q: string,
  limit: number,
): Promise<ProductSuggestions> {
  // whether the words match at all is enough here (AND or else OR): no count up to COUNT_BOUND
  const { filter, resolved } = await searchFor(db, storeId, { q }, 0);
  const correctedQuery = resolved?.correctedQuery ?? null;
  if (!filter) return { products: [], categories: [], correctedQuery };
  const conditions = filterConditions(storeId, {}, filter);
  // one after the other: on a 2-core machine two scans at once only queue
  const rows = await relevancePage(
    db,
    filterConditions(storeId, {}, undefined),
    filter,
    resolved?.text ?? '',
    {
      offset: 0,
      limit,
    },
  );
  const categories = await db
    .select({ value: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${whereOf(conditions)} and ${products.category} is not null`)
    .groupBy(products.category)
    .orderBy(desc(sql`count(*)`), products.category)
    .limit(5);
  return {
    products: rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category ?? '',
      imgUrl: publicImageUrl(r.imgUrl),
      price: paiseToRupees(r.pricePaise ?? 0),
    })),
    categories: categories.map((c) => ({ value: c.value ?? '', count: Number(c.count) })),
    correctedQuery,
  };
}
