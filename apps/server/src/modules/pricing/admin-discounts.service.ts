// The back office's Discounts (admin-discounts.routes.ts): list, create, edit, switch on and off.
// Every change runs in one transaction with its activity entry. A discount is never deleted:
// orders refer to it; the owner deactivates it.

import { and, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  discountMessages,
  type AdminDiscount,
  type AdminDiscountListQuery,
  type DiscountForm,
} from '@store/contracts/admin/discounts';
import { shopLocalToDate, type DiscountKind } from '@store/contracts/discounts';
import { isUuid } from '@store/contracts/ids';
import { rupeesToPaise } from '@store/contracts/money';
import { orderStatus } from '@store/contracts/order-rules';
import type { Db, DbOrTx } from '../../db/client';
import { categories, discounts, discountUses, orders, products } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { likeContaining } from '../../lib/like-pattern';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordActivity, type Actor } from '../activity/activity.service';
import { changedFields } from '../products/admin-products.service';
import { discountLabel } from './discount-rules';
import { toDiscountRule } from './pricing.service';

type DiscountRow = typeof discounts.$inferSelect;

/**
 * orders using it that are not Cancelled (the same count the usage limit is checked against);
 * drizzle writes a column in a select list without its table, so the outer one is named in full
 */
const usedSql = sql<number>`(select count(*)::int from ${discountUses} u
  join ${orders} o on o.id = u.order_id
  where u.discount_id = ${sql.raw('"discounts"."id"')} and o.status <> ${orderStatus.cancelled})`;

const runningSql = (now: Date) =>
  and(
    eq(discounts.active, true),
    lte(discounts.startsAt, now),
    or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
  );

function statusCondition(status: NonNullable<AdminDiscountListQuery['status']>, now: Date): SQL {
  const limitLeft = sql`(${discounts.usageLimit} is null or ${usedSql} < ${discounts.usageLimit})`;
  switch (status) {
    case 'inactive':
      return eq(discounts.active, false);
    case 'scheduled':
      return and(eq(discounts.active, true), gt(discounts.startsAt, now))!;
    case 'expired':
      return and(eq(discounts.active, true), lte(discounts.endsAt, now))!;
    case 'used_up':
      return and(runningSql(now), sql`not ${limitLeft}`)!;
    case 'active':
      return and(runningSql(now), limitLeft)!;
  }
}

function statusOf(row: DiscountRow, used: number, now: Date): AdminDiscount['status'] {
  if (!row.active) return 'inactive';
  if (now < row.startsAt) return 'scheduled';
  if (row.endsAt && now >= row.endsAt) return 'expired';
  if (row.usageLimit !== null && used >= row.usageLimit) return 'used_up';
  return 'active';
}

/** The names of the categories and titles of the products some discounts name, in two queries. */
async function namesOf(db: DbOrTx, storeId: string, rows: readonly DiscountRow[]) {
  const categoryIds = [...new Set(rows.flatMap((r) => r.categoryIds))];
  const productIds = [...new Set(rows.flatMap((r) => r.productIds))];
  const [cats, prods] = await Promise.all([
    categoryIds.length
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(and(eq(categories.storeId, storeId), inArray(categories.id, categoryIds)))
      : [],
    productIds.length
      ? db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, productIds)))
      : [],
  ]);
  return {
    category: new Map(cats.map((c) => [c.id, c.name])),
    product: new Map(prods.map((p) => [p.id, p.title])),
  };
}

function toAdminDiscount(
  row: DiscountRow,
  used: number,
  names: Awaited<ReturnType<typeof namesOf>>,
  now: Date,
): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: discountLabel(toDiscountRule(row)),
    kind: row.kind as DiscountKind,
    percent: row.percentBp === null ? null : row.percentBp / 100,
    amountPaise: row.amountPaise,
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    appliesTo: row.appliesTo as AdminDiscount['appliesTo'],
    // a category or product deleted since drops out of the list it names
    categories: row.categoryIds
      .filter((id) => names.category.has(id))
      .map((id) => ({ id, name: names.category.get(id)! })),
    products: row.productIds
      .filter((id) => names.product.has(id))
      .map((id) => ({ id, title: names.product.get(id)! })),
    minOrderPaise: row.minOrderPaise,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    used,
    status: statusOf(row, used, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /admin/discounts: newest first, searched by code or name, filtered by status. */
export async function listDiscounts(db: Db, storeId: string, q: AdminDiscountListQuery) {
  const now = new Date();
  const where: SQL[] = [eq(discounts.storeId, storeId)];
  if (q.q) {
    const like = likeContaining(q.q);
    where.push(or(ilike(discounts.code, like), ilike(discounts.name, like))!);
  }
  if (q.status) where.push(statusCondition(q.status, now));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: discounts, used: usedSql })
      .from(discounts)
      .where(filter)
      .orderBy(desc(discounts.createdAt), desc(discounts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(discounts)
      .where(filter),
  ]);
  const names = await namesOf(
    db,
    storeId,
    rows.map((r) => r.row),
  );
  return {
    data: rows.map((r) => toAdminDiscount(r.row, Number(r.used), names, now)),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

async function withDiscount(db: DbOrTx, storeId: string, id: string): Promise<AdminDiscount> {
  const [found] = await db
    .select({ row: discounts, used: usedSql })
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(discounts.id, id)));
  if (!found) throw new HttpError(404, discountMessages.notFound);
  return toAdminDiscount(
    found.row,
    Number(found.used),
    await namesOf(db, storeId, [found.row]),
    new Date(),
  );
}

/** GET /admin/discounts/:id */
export async function getDiscount(db: Db, storeId: string, id: string): Promise<AdminDiscount> {
  if (!isUuid(id)) throw new HttpError(404, discountMessages.notFound);
  return withDiscount(db, storeId, id);
}

/** The form as a row's values (percent → basis points, rupees → paise, local times → instants). */
function rowValues(form: DiscountForm) {
  const percent = form.kind === 'percentage' || form.kind === 'buy_x_get_y';
  return {
    code: form.code === '' ? null : form.code,
    name: form.name,
    kind: form.kind,
    percentBp: percent ? Math.round(form.value! * 100) : null,
    amountPaise: form.kind === 'fixed' ? rupeesToPaise(form.value!) : null,
    buyQuantity: form.kind === 'buy_x_get_y' ? form.buyQuantity : null,
    getQuantity: form.kind === 'buy_x_get_y' ? form.getQuantity : null,
    appliesTo: form.appliesTo,
    categoryIds: form.appliesTo === 'categories' ? [...new Set(form.categoryIds)] : [],
    productIds: form.appliesTo === 'products' ? [...new Set(form.productIds)] : [],
    minOrderPaise: rupeesToPaise(form.minOrder),
    startsAt: shopLocalToDate(form.startsAt)!,
    endsAt: form.endsAt === '' ? null : shopLocalToDate(form.endsAt),
    usageLimit: form.usageLimit,
    perCustomerLimit: form.perCustomerLimit,
    active: form.active,
  };
}
type RowValues = ReturnType<typeof rowValues>;

/** The chosen categories and products must be this store's (a stale form may name a deleted one). */
async function checkNamedRows(tx: DbOrTx, storeId: string, values: RowValues) {
  const missing = async (ids: string[], table: typeof categories | typeof products) => {
    if (ids.length === 0) return false;
    if (!ids.every(isUuid)) return true;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.storeId, storeId), inArray(table.id, ids)));
    return Number(row?.n ?? 0) !== ids.length;
  };
  if (await missing(values.categoryIds, categories))
    throw new HttpError(400, discountMessages.unknownCategory, {
      categoryIds: discountMessages.unknownCategory,
    });
  if (await missing(values.productIds, products))
    throw new HttpError(400, discountMessages.unknownProduct, {
      productIds: discountMessages.unknownProduct,
    });
}

/** What the activity log keeps of a discount: its rule in the form's units. */
const logged = (v: RowValues) => ({
  ...v,
  startsAt: v.startsAt.toISOString(),
  endsAt: v.endsAt?.toISOString() ?? null,
});

const codeTaken = (code: string | null) => {
  const message = discountMessages.codeTaken(code ?? '');
  return new HttpError(409, message, { code: message });
};

/** POST /admin/discounts */
export async function createDiscount(
  db: Db,
  actor: Actor,
  form: DiscountForm,
): Promise<AdminDiscount> {
  const values = rowValues(form);
  try {
    return await db.transaction(async (tx) => {
      await checkNamedRows(tx, actor.storeId, values);
      const [row] = await tx
        .insert(discounts)
        .values({ storeId: actor.storeId, ...values })
        .returning();
      await recordActivity(tx, actor, {
        action: 'discount.create',
        entityType: 'discount',
        entityId: row!.id,
        summary: `Discount ${row!.code ?? '(automatic)'}: ${discountLabel(toDiscountRule(row!))}`,
        after: logged(values),
      });
      return withDiscount(tx, actor.storeId, row!.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(values.code);
    throw err;
  }
}

async function lockDiscount(tx: DbOrTx, storeId: string, id: string): Promise<DiscountRow> {
  if (!isUuid(id)) throw new HttpError(404, discountMessages.notFound);
  const [row] = await tx
    .select()
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(discounts.id, id)))
    .for('update');
  if (!row) throw new HttpError(404, discountMessages.notFound);
  return row;
}

const storedValues = (row: DiscountRow): RowValues => ({
  code: row.code,
  name: row.name,
  kind: row.kind as DiscountKind,
  percentBp: row.percentBp,
  amountPaise: row.amountPaise,
  buyQuantity: row.buyQuantity,
  getQuantity: row.getQuantity,
  appliesTo: row.appliesTo as RowValues['appliesTo'],
  categoryIds: row.categoryIds,
  productIds: row.productIds,
  minOrderPaise: row.minOrderPaise,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  active: row.active,
});

/**
 * PUT /admin/discounts/:id: the whole form. Orders already placed keep what they got (each order
 * froze its offers and line discounts); the change prices the carts and orders from now on.
 */
export async function updateDiscount(
  db: Db,
  actor: Actor,
  id: string,
  form: DiscountForm,
): Promise<AdminDiscount> {
  const values = rowValues(form);
  try {
    return await db.transaction(async (tx) => {
      const row = await lockDiscount(tx, actor.storeId, id);
      await checkNamedRows(tx, actor.storeId, values);
      const { before, after } = changedFields(logged(storedValues(row)), logged(values));
      if (Object.keys(after).length === 0) return withDiscount(tx, actor.storeId, id);
      await tx
        .update(discounts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(discounts.id, id));
      await recordActivity(tx, actor, {
        action: 'discount.update',
        entityType: 'discount',
        entityId: id,
        summary: `Discount ${values.code ?? row.code ?? '(automatic)'} changed`,
        before,
        after,
      });
      return withDiscount(tx, actor.storeId, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(values.code);
    throw err;
  }
}

/** PATCH /admin/discounts/:id: Deactivate (no new cart or order gets it) or Activate again. */
export async function setDiscountActive(
  db: Db,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    const row = await lockDiscount(tx, actor.storeId, id);
    if (row.active === active) return withDiscount(tx, actor.storeId, id);
    await tx.update(discounts).set({ active, updatedAt: new Date() }).where(eq(discounts.id, id));
    await recordActivity(tx, actor, {
      action: active ? 'discount.activate' : 'discount.deactivate',
      entityType: 'discount',
      entityId: id,
      summary: `Discount ${row.code ?? '(automatic)'} ${active ? 'activated' : 'deactivated'}`,
      before: { active: row.active },
      after: { active },
    });
    return withDiscount(tx, actor.storeId, id);
  });
}
