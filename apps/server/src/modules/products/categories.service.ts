import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, stores } from '../../db/schema';

/**
 * The store-info record the storefront reads keeps `categories` (names in order) and
 * `categoryImages` (name → image, plus `default`). The categories table is the truth; call this in
 * the transaction of every change to it so the two never disagree. The `default` image is kept.
 */
export async function syncStoreCategories(tx: DbOrTx, storeId: string): Promise<void> {
  const rows = await tx
    .select({ name: categories.name, imageUrl: categories.imageUrl })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.position), asc(categories.name));
  const [store] = await tx
    .select({ categoryImages: stores.categoryImages })
    .from(stores)
    .where(eq(stores.id, storeId));
  const images: Record<string, string> = {};
  if (store?.categoryImages.default) images.default = store.categoryImages.default;
  for (const r of rows) if (r.imageUrl) images[r.name] = r.imageUrl;
  await tx
    .update(stores)
    .set({ categories: rows.map((r) => r.name), categoryImages: images, updatedAt: new Date() })
    .where(eq(stores.id, storeId));
}
