import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { NewOrderCustomer } from '@store/contracts/admin/new-order';
import type { Db, DbOrTx } from '../../db/client';
import { customerAddresses, orderItems, orders, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { likeContaining } from '../../lib/like-pattern';
import { safeNumber } from '../../lib/safe-number';
import { codSettled, paidOrderStatuses } from '../orders/order-status';
import { accountMobile, listAddresses } from '../addresses/addresses.service';

const paidStatuses = sql.raw(paidOrderStatuses.join(', '));
// per customer, over their orders in this store: correlated subqueries on orders_user_created_idx.
// drizzle writes a column in a select list without its table, so the outer one is named in full
const ofThisUser = sql.raw(
  '"orders"."user_id" = "users"."id" and "orders"."store_id" = "users"."store_id"',
);
const orderCount = sql<number>`(select count(*) from ${orders} where ${ofThisUser})::int`;
// a customer may spend past ₹2.147 crore (int4): the numeric sum is read exactly, not cast down
const spentPaise =
  sql`(select coalesce(sum(${orders.totalPaise}), 0) from ${orders} where ${ofThisUser} and ${orders.status} in (${paidStatuses}) and ${codSettled})`.mapWith(
    safeNumber,
  );
const lastOrderAt = sql<
  Date | string | null
>`(select max(${orders.createdAt}) from ${orders} where ${ofThisUser})`;

/**
 * The columns a customer is shown with: named one by one, so the password hash (and anything
 * added to users later) never reaches the back office by accident.
 */
const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  orderCount,
  spentPaise,
  lastOrderAt,
};

type CustomerRow = {
  createdAt: Date;
  lastOrderAt: Date | string | null;
} & Record<string, unknown>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const asCustomer = <T extends CustomerRow>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  lastOrderAt: iso(r.lastOrderAt),
});

/** One page of the store's customers, newest first; q finds a name or an e-mail (any case). */
export async function listCustomers(
  db: Db,
  storeId: string,
  q: { q?: string | undefined; page: number; limit: number },
) {
  const where: SQL[] = [eq(users.storeId, storeId)];
  if (q.q) {
    const like = likeContaining(q.q);
    where.push(
      or(
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(filter),
  ]);
  return { data: rows.map(asCustomer), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

/** A customer and their orders, newest first. 404 for an unknown id or another store's customer. */
export async function getCustomer(db: Db, storeId: string, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, id)));
  if (!row) throw new HttpError(404, 'No such customer');
  const theirOrders = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalPaise: orders.totalPaise,
      itemCount: sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${sql.raw('"orders"."id"')}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.userId, id)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return {
    ...asCustomer(row),
    orders: theirOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}

/** How many accounts the New order form's customer search offers. */
const PICK_LIMIT = 10;

/**
 * The New order form's customer search: a name or an e-mail (any case, as the Customers list
 * finds them) or a mobile (its last ten digits) given with an order or in the address book. Each
 * with their mobile and saved addresses, which the form offers; newest accounts first.
 */
export async function findCustomersToOrderFor(
  db: DbOrTx,
  storeId: string,
  q: string,
): Promise<NewOrderCustomer[]> {
  const like = likeContaining(q);
  const matches: SQL[] = [
    ilike(users.email, like),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
  ];
  const digits = q.replace(/\D/g, '');
  if (/^[\d\s+()-]+$/.test(q) && digits.length >= 10) {
    const mobile = digits.slice(-10);
    matches.push(
      sql`exists (select 1 from ${orders} where ${ofThisUser} and ${orders.contactPhone} = ${mobile})`,
      sql`exists (select 1 from ${customerAddresses} where ${customerAddresses.userId} = ${users.id} and right(${customerAddresses.phone}, 10) = ${mobile})`,
    );
  }
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.storeId, storeId), or(...matches)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PICK_LIMIT);
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      phone: (await accountMobile(db, storeId, r.id)) ?? null,
      addresses: await listAddresses(db, storeId, r.id),
    })),
  );
}
