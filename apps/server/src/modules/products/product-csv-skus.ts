import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { productsWithSkus, skuTakenMessage } from './admin-products.service';
import type { PlannedRow } from './product-csv';

/*
 * SKUs across a CSV import: unique in the store in any letter case, within the file and against
 * the products the file does not give another SKU. A file that swaps two products' SKUs, or moves
 * one SKU to another product while giving the first a new one, imports: releaseChangingSkus
 * clears the old codes before the rows are written, so the unique index never sees them twice.
 */

const sameSku = (a: string | null, b: string | null) => a?.toLowerCase() === b?.toLowerCase();

/** Adds each row's SKU errors (a second row with one SKU; a SKU another product keeps). */
export async function checkCsvSkus(
  db: DbOrTx,
  storeId: string,
  rows: PlannedRow[],
): Promise<PlannedRow[]> {
  const wanted = [...new Set(rows.flatMap((r) => (r.sku ? [r.sku.toLowerCase()] : [])))];
  const holders = new Map(
    (await productsWithSkus(db, storeId, wanted)).map((h) => [h.sku.toLowerCase(), h]),
  );
  // what the file makes of each stored product's SKU
  const givenTo = new Map(rows.flatMap((r) => (r.existing ? [[r.existing.id, r.sku]] : [])));
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    if (!row.sku) return row;
    const key = row.sku.toLowerCase();
    let message: string | null = null;
    const earlier = firstLine.get(key);
    if (earlier !== undefined) message = `Line ${earlier} already has the SKU "${row.sku}"`;
    else {
      firstLine.set(key, row.line);
      const holder = holders.get(key);
      const released =
        holder && givenTo.has(holder.id) && !sameSku(givenTo.get(holder.id)!, row.sku);
      if (holder && holder.id !== row.existing?.id && !released)
        message = skuTakenMessage(row.sku, holder.title);
    }
    if (!message || row.errors.some((e) => e.column === 'sku')) return row;
    return {
      ...row,
      action: 'error',
      values: null,
      errors: [...row.errors, { column: 'sku', message }],
    };
  });
}

/** Clears the SKUs the import changes, inside its transaction, before any row is written. */
export async function releaseChangingSkus(tx: DbOrTx, changes: PlannedRow[]): Promise<void> {
  const ids = changes.flatMap((r) =>
    r.existing?.values.sku && r.existing.values.sku !== r.values?.sku ? [r.existing.id] : [],
  );
  if (ids.length) await tx.update(products).set({ sku: null }).where(inArray(products.id, ids));
}
