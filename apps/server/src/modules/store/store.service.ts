import type { DbOrTx } from '../../db/client';
import { stores } from '../../db/schema';
import type { StoreRecord } from '../../plugins/store';

/** Every storefront, for the table requests are resolved from (plugins/store.ts). */
export async function listStores(db: DbOrTx): Promise<StoreRecord[]> {
  const rows = await db.select().from(stores);
  return rows.map((row) => ({
    id: row.id,
    domains: row.domains,
    isDefault: row.isDefault,
    info: {
      storeName: row.storeName,
      companyName: row.companyName,
      companyAddress: row.companyAddress,
      companyEmail: row.companyEmail,
      companyPhone: row.companyPhone,
      companyLogoUrl: row.companyLogoUrl,
      description: row.description,
      categories: row.categories,
      categoryImages: row.categoryImages,
      policies: row.policies,
    },
    payments: {
      methods: row.paymentMethods,
      upiVpa: row.upiVpa,
      upiPayeeName: row.upiPayeeName,
      codEnabled: row.codEnabled,
    },
  }));
}

/**
 * The store the operator CLI works on: the default one (stores.is_default), else the only one.
 * Null when there is none yet, or several and none marked default.
 */
export async function findDefaultStoreId(db: DbOrTx): Promise<string | null> {
  const rows = await db.select({ id: stores.id, isDefault: stores.isDefault }).from(stores);
  const chosen = rows.find((r) => r.isDefault) ?? (rows.length === 1 ? rows[0] : undefined);
  return chosen?.id ?? null;
}
