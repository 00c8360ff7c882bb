import type { Gstr1 } from '@store/contracts/admin/gstr1';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { buildGstr1 } from '../invoices/gstr1.service';
import { findDefaultStoreId } from '../store/store.service';

/**
 * `npm run store -- gst gstr1 --month YYYY-MM --out <file>`: the default store's GSTR-1, built on
 * the database by the CLI or, when a running server holds the embedded database, asked of it at
 * /operator/reports/gstr1 (with the operator token, hidden from the OpenAPI document).
 */
export async function operatorGstr1(db: Db, month: string): Promise<Gstr1> {
  const storeId = await findDefaultStoreId(db);
  if (!storeId)
    throw new HttpError(
      409,
      'No store to report on: run npm run seed first (or mark one store as the default)',
    );
  return buildGstr1(db, storeId, month);
}
