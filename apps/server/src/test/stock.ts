// Test helpers for stock: set a variant's units directly and read them back.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stockLevels } from '../db/schema';

export interface VariantChoice {
  size?: string;
  color?: string;
}

/** Sets (or creates) the stock row of a product's variant ('' where it has no such option). */
export async function setStock(
  db: Db,
  productId: string,
  onHand: number,
  { size = '', color = '' }: VariantChoice = {},
): Promise<void> {
  await db
    .insert(stockLevels)
    .values({ productId, size, color, onHand })
    .onConflictDoUpdate({
      target: [stockLevels.productId, stockLevels.size, stockLevels.color],
      set: { onHand: sql`excluded.on_hand` },
    });
}

/** Units on hand of a variant, or null when it has no stock row. */
export async function stockOf(
  db: Db,
  productId: string,
  { size = '', color = '' }: VariantChoice = {},
): Promise<number | null> {
  const [row] = await db
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.productId, productId),
        eq(stockLevels.size, size),
        eq(stockLevels.color, color),
      ),
    );
  return row?.onHand ?? null;
}
