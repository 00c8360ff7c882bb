import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  NAVIGATION_CATEGORY_COUNT,
  type AdminCategory,
  type CategoryForm,
} from '@store/contracts/admin/categories';
import { isUuid } from '@store/contracts/ids';
import type { Db, DbOrTx } from '../../db/client';
import { categories, products, stores } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { changedFields } from './admin-products.service';

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

// ---------------------------------------------------------------------------------------------
// The back office's categories (admin-categories.routes.ts). Every change runs in one transaction
// with its activity entry and syncStoreCategories, so the storefront's record never disagrees.

type CategoryRow = typeof categories.$inferSelect;

const NOT_FOUND = 'Category not found';

const toAdminCategory = (row: CategoryRow, productCount: number): AdminCategory => ({
  id: row.id,
  name: row.name,
  position: row.position,
  imageUrl: row.imageUrl,
  parentCategories: row.parentCategories,
  productCount,
});

/** products (archived ones left out) naming a category, case-insensitively */
const productCountSql = sql<number>`(select count(*)::int from ${products} p
  where p.store_id = ${categories.storeId} and lower(p.category) = lower(${categories.name})
  and p.archived_at is null)`;

/** The categories in their order (or those `where` picks), each with how many products use it. */
export async function listCategories(
  db: DbOrTx,
  storeId: string,
  where?: SQL,
): Promise<AdminCategory[]> {
  const rows = await db
    .select({ row: categories, productCount: productCountSql })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), where))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((r) => toAdminCategory(r.row, Number(r.productCount)));
}

async function requireCategory(tx: DbOrTx, storeId: string, id: string): Promise<CategoryRow> {
  if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
  const [row] = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.storeId, storeId), eq(categories.id, id)))
    .for('update');
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

const nameTaken = (name: string) => {
  const message = `There is already a category named ${name}`;
  return new HttpError(409, message, { name: message });
};

/** the same name may not be given twice (case-insensitively); kept in the order given */
const uniqueNames = (names: string[]) => {
  const seen = new Set<string>();
  return names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
};

async function withCategory(tx: DbOrTx, storeId: string, id: string): Promise<AdminCategory> {
  // only this one: every category's product count would be counted for nothing
  const [found] = await listCategories(tx, storeId, eq(categories.id, id));
  if (!found) throw new HttpError(404, NOT_FOUND);
  return found;
}

/** POST /admin/categories: appended last. */
export async function createCategory(
  db: Db,
  actor: Actor,
  form: CategoryForm,
): Promise<AdminCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ max: sql<number | null>`max(${categories.position})` })
        .from(categories)
        .where(eq(categories.storeId, actor.storeId));
      const [row] = await tx
        .insert(categories)
        .values({
          storeId: actor.storeId,
          name: form.name,
          position: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1,
          imageUrl: form.imageUrl,
          parentCategories: uniqueNames(form.parentCategories),
        })
        .returning();
      await syncStoreCategories(tx, actor.storeId);
      await recordActivity(tx, actor, {
        action: 'category.create',
        entityType: 'category',
        entityId: row!.id,
        summary: row!.name,
        after: {
          name: row!.name,
          imageUrl: row!.imageUrl,
          parentCategories: row!.parentCategories,
        },
      });
      return withCategory(tx, actor.storeId, row!.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(form.name);
    throw err;
  }
}

/**
 * PUT /admin/categories/:id: a rename moves its products along (archived ones too, so a restored
 * product finds its category), in the same transaction.
 */
export async function updateCategory(
  db: Db,
  actor: Actor,
  id: string,
  form: CategoryForm,
): Promise<{ category: AdminCategory; changed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const row = await requireCategory(tx, actor.storeId, id);
      const before = {
        name: row.name,
        imageUrl: row.imageUrl,
        parentCategories: row.parentCategories,
      };
      const after = {
        name: form.name,
        imageUrl: form.imageUrl,
        parentCategories: uniqueNames(form.parentCategories),
      };
      const { before: b, after: a } = changedFields(before, after);
      if (Object.keys(a).length === 0)
        return { category: await withCategory(tx, actor.storeId, id), changed: false };
      await tx
        .update(categories)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(categories.id, id));
      let moved = 0;
      if (after.name !== row.name) {
        const updated = await tx
          .update(products)
          .set({ category: after.name, updatedAt: new Date() })
          .where(
            and(
              eq(products.storeId, actor.storeId),
              sql`lower(${products.category}) = lower(${row.name})`,
            ),
          )
          .returning({ id: products.id });
        moved = updated.length;
      }
      await syncStoreCategories(tx, actor.storeId);
      await recordActivity(tx, actor, {
        action: 'name' in a ? 'category.rename' : 'category.update',
        entityType: 'category',
        entityId: id,
        summary: 'name' in a ? `${row.name} → ${after.name} (${moved} products moved)` : after.name,
        before: b,
        after: a,
      });
      return { category: await withCategory(tx, actor.storeId, id), changed: true };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(form.name);
    throw err;
  }
}

/** PUT /admin/categories/order: every id of the store once, in the new order. */
export async function reorderCategories(
  db: Db,
  actor: Actor,
  ids: string[],
): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: categories.id, name: categories.name, position: categories.position })
      .from(categories)
      .where(eq(categories.storeId, actor.storeId))
      .orderBy(asc(categories.position), asc(categories.name))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (
      new Set(ids).size !== ids.length ||
      ids.length !== rows.length ||
      ids.some((i) => !known.has(i))
    ) {
      const message = 'Send every category exactly once';
      throw new HttpError(400, message, { ids: message });
    }
    const names = new Map(rows.map((r) => [r.id, r.name]));
    for (const [position, id] of ids.entries()) {
      await tx
        .update(categories)
        .set({ position, updatedAt: new Date() })
        .where(eq(categories.id, id));
    }
    await syncStoreCategories(tx, actor.storeId);
    await recordActivity(tx, actor, {
      action: 'category.reorder',
      entityType: 'category',
      summary: ids
        .slice(0, NAVIGATION_CATEGORY_COUNT)
        .map((i) => names.get(i))
        .join(', '),
      before: { order: rows.map((r) => r.name) },
      after: { order: ids.map((i) => names.get(i)) },
    });
    return listCategories(tx, actor.storeId);
  });
}

/** DELETE /admin/categories/:id: refused while products that are not archived use it. */
export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireCategory(tx, actor.storeId, id);
    const { productCount } = await withCategory(tx, actor.storeId, id);
    if (productCount > 0) {
      throw new HttpError(
        409,
        `Move or archive its ${productCount} ${productCount === 1 ? 'product' : 'products'} first`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await syncStoreCategories(tx, actor.storeId);
    await recordActivity(tx, actor, {
      action: 'category.delete',
      entityType: 'category',
      entityId: id,
      summary: row.name,
      before: { name: row.name, imageUrl: row.imageUrl, parentCategories: row.parentCategories },
    });
  });
}
