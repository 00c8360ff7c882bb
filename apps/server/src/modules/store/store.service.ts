import type { StoreInfo } from '@store/contracts/store';
import type { DbOrTx } from '../../db/client';
import { stores } from '../../db/schema';

/** A storefront as a request sees it: its id and its store-info record. */
export interface StoreContext {
  id: string;
  info: StoreInfo;
}

export interface StoreRecord extends StoreContext {
  /** host names that reach this storefront */
  domains: string[];
  /** answers hosts no storefront names */
  isDefault: boolean;
}

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
  }));
}
