import { and, count, desc, eq, ne } from 'drizzle-orm';
import {
  ADDRESS_BOOK_MAX,
  addressBookFullMessage,
  addressExistsMessage,
  addressMatchKey,
  addressNotFoundMessage,
  type AddressLabel,
  type SavedAddress,
} from '@store/contracts/addresses';
import { isUuid } from '@store/contracts/ids';
import { indianStatesAndUts, normalizeIndianMobile, PHONE_PREFIX } from '@store/contracts/india';
import type { ShippingAddress } from '@store/contracts/orders';
import type { Db, DbOrTx } from '../../db/client';
import { customerAddresses, orders, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { checkShippingPin } from '../shipping/shipping.service';

type AddressRow = typeof customerAddresses.$inferSelect;

/** An address as POST/PUT take it, after contracts' addressBodySchema. */
export interface AddressInput extends ShippingAddress {
  label?: AddressLabel | null | undefined;
  isDefault?: boolean | undefined;
}

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    label: (row.label as AddressLabel | null) ?? null,
    fullName: row.fullName,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    phone: row.phone,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The address as stored: the state spelt as the list spells it (the checkout's select shows it
 * chosen), the PIN's six digits (the PIN must be one India Post knows, in that state: the same
 * check as an order's, so a saved address never fails at checkout), the phone as +91 and ten
 * digits.
 */
function storedFields(input: ShippingAddress) {
  let postalCode: string;
  try {
    postalCode = checkShippingPin(input);
  } catch (err) {
    // the order's check names shippingAddress.<field>; here the field is the body's own
    if (err instanceof HttpError && err.fields) {
      const fields = Object.fromEntries(
        Object.entries(err.fields).map(([k, v]) => [k.replace(/^shippingAddress\./, ''), v]),
      );
      throw new HttpError(err.statusCode, err.message, fields, err.code);
    }
    throw err;
  }
  const state =
    indianStatesAndUts.find((s) => s.toLowerCase() === input.state.trim().toLowerCase()) ??
    input.state.trim();
  const digits = normalizeIndianMobile(input.phone);
  const phone = digits ? `${PHONE_PREFIX}${digits}` : input.phone;
  const fields = {
    fullName: input.fullName,
    address: input.address,
    city: input.city,
    state,
    postalCode,
    phone,
  };
  return { ...fields, matchKey: addressMatchKey(fields) };
}

/**
 * Every change to one shopper's book runs under a lock of their account row, so two tabs adding
 * at once cannot pass the cap together or leave two defaults (or none).
 */
async function lockShopper(tx: DbOrTx, storeId: string, userId: string): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, userId)))
    .for('update');
}

const mine = (storeId: string, userId: string) =>
  and(eq(customerAddresses.storeId, storeId), eq(customerAddresses.userId, userId));

/** The shopper's addresses: the default first, then the newest. */
export async function listAddresses(
  db: DbOrTx,
  storeId: string,
  userId: string,
): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(mine(storeId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt));
  return rows.map(toSavedAddress);
}

async function countAddresses(tx: DbOrTx, storeId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(customerAddresses)
    .where(mine(storeId, userId));
  return Number(row?.n ?? 0);
}

async function findOwn(
  tx: DbOrTx,
  storeId: string,
  userId: string,
  addressId: string,
): Promise<AddressRow> {
  // another shopper's address, or no id at all, is not found (never "forbidden": ids are not told)
  const [row] = isUuid(addressId)
    ? await tx
        .select()
        .from(customerAddresses)
        .where(and(mine(storeId, userId), eq(customerAddresses.id, addressId)))
    : [];
  if (!row) throw new HttpError(404, addressNotFoundMessage);
  return row;
}

async function findByKey(
  tx: DbOrTx,
  storeId: string,
  userId: string,
  matchKey: string,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(and(mine(storeId, userId), eq(customerAddresses.matchKey, matchKey)));
  return row;
}

async function clearDefault(tx: DbOrTx, storeId: string, userId: string): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(mine(storeId, userId), eq(customerAddresses.isDefault, true)));
}

/** Runs a change to one of the shopper's own addresses, under their lock (404 when not theirs). */
function withOwnAddress<T>(
  db: Db,
  storeId: string,
  userId: string,
  addressId: string,
  change: (tx: DbOrTx, row: AddressRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, storeId, userId);
    return change(tx, await findOwn(tx, storeId, userId, addressId));
  });
}

async function makeDefault(tx: DbOrTx, addressId: string): Promise<AddressRow> {
  const [row] = await tx
    .update(customerAddresses)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(eq(customerAddresses.id, addressId))
    .returning();
  return row!;
}

const exists = () => new HttpError(409, addressExistsMessage);

/**
 * Runs a change to the book; the unique index on the address's match key (a twin saved by a
 * concurrent request past the check) answers as the check does.
 */
async function withoutTwins<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** Adds an address; the first one, or one asked to be, becomes the default. */
export async function addAddress(
  db: Db,
  storeId: string,
  userId: string,
  input: AddressInput,
): Promise<SavedAddress> {
  const fields = storedFields(input);
  return withoutTwins(() =>
    db.transaction(async (tx) => {
      await lockShopper(tx, storeId, userId);
      if (await findByKey(tx, storeId, userId, fields.matchKey)) throw exists();
      const held = await countAddresses(tx, storeId, userId);
      if (held >= ADDRESS_BOOK_MAX) throw new HttpError(409, addressBookFullMessage);
      const isDefault = held === 0 || input.isDefault === true;
      if (isDefault) await clearDefault(tx, storeId, userId);
      const [row] = await tx
        .insert(customerAddresses)
        .values({ storeId, userId, label: input.label ?? null, isDefault, ...fields })
        .returning();
      return toSavedAddress(row!);
    }),
  );
}

/** Replaces an address's fields and label; isDefault: true makes it the default. */
export async function updateAddress(
  db: Db,
  storeId: string,
  userId: string,
  addressId: string,
  input: AddressInput,
): Promise<SavedAddress> {
  const fields = storedFields(input);
  return withoutTwins(() =>
    withOwnAddress(db, storeId, userId, addressId, async (tx, row) => {
      const same = await findByKey(tx, storeId, userId, fields.matchKey);
      if (same && same.id !== row.id) throw exists();
      // the default stays the default until another is made so (there is always one)
      const isDefault = row.isDefault || input.isDefault === true;
      if (isDefault && !row.isDefault) await clearDefault(tx, storeId, userId);
      const [updated] = await tx
        .update(customerAddresses)
        .set({
          ...fields,
          label: input.label === undefined ? row.label : input.label,
          isDefault,
          updatedAt: new Date(),
        })
        .where(eq(customerAddresses.id, row.id))
        .returning();
      return toSavedAddress(updated!);
    }),
  );
}

/** Makes one address the default (and no other). */
export async function setDefaultAddress(
  db: Db,
  storeId: string,
  userId: string,
  addressId: string,
): Promise<SavedAddress> {
  return withOwnAddress(db, storeId, userId, addressId, async (tx, row) => {
    if (row.isDefault) return toSavedAddress(row);
    await clearDefault(tx, storeId, userId);
    return toSavedAddress(await makeDefault(tx, row.id));
  });
}

/** Deletes an address; when it was the default, the newest of the rest becomes the default. */
export async function deleteAddress(
  db: Db,
  storeId: string,
  userId: string,
  addressId: string,
): Promise<void> {
  await withOwnAddress(db, storeId, userId, addressId, async (tx, row) => {
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, row.id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(mine(storeId, userId), ne(customerAddresses.id, row.id)))
      .orderBy(desc(customerAddresses.createdAt))
      .limit(1);
    if (next) await makeDefault(tx, next.id);
  });
}

/**
 * "Save this address" at checkout, in the order's transaction (the order has checked the PIN
 * already). The same address again is left as it is, and a full book is left full: the order
 * goes ahead either way. The first address becomes the default.
 */
export async function rememberAddress(
  tx: DbOrTx,
  storeId: string,
  userId: string,
  address: ShippingAddress,
): Promise<void> {
  const fields = storedFields(address);
  await lockShopper(tx, storeId, userId);
  if (await findByKey(tx, storeId, userId, fields.matchKey)) return;
  const held = await countAddresses(tx, storeId, userId);
  if (held >= ADDRESS_BOOK_MAX) return;
  await tx
    .insert(customerAddresses)
    .values({ storeId, userId, label: null, isDefault: held === 0, ...fields });
}

/**
 * The shopper's mobile for prefilling a form: the one given with their latest order, else their
 * default address's (the account itself holds none). As +91 and ten digits, or undefined.
 */
export async function accountMobile(
  db: DbOrTx,
  storeId: string,
  userId: string,
): Promise<string | undefined> {
  const [order] = await db
    .select({ phone: orders.contactPhone })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (order?.phone) return `${PHONE_PREFIX}${order.phone}`;
  const [address] = await db
    .select({ phone: customerAddresses.phone })
    .from(customerAddresses)
    .where(and(mine(storeId, userId), eq(customerAddresses.isDefault, true)))
    .limit(1);
  return address?.phone;
}
