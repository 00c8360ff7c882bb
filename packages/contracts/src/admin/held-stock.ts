import { z } from 'zod';

/** Why an order holds stock without money. */
export const holdKinds = ['unpaid', 'cod_unconfirmed'] as const;
export type HoldKind = (typeof holdKinds)[number];
export const holdKindLabels: Record<HoldKind, string> = {
  unpaid: 'Waiting for payment',
  cod_unconfirmed: 'Cash on delivery, not confirmed',
};

export const heldOrderSchema = z.object({
  id: z.string(),
  kind: z.enum(holdKinds),
  createdAt: z.string(),
  /** when the order is cancelled and its stock returns, unless paid or confirmed first */
  lapsesAt: z.string(),
  totalPaise: z.number().int(),
});

export const heldProductSchema = z.object({
  /** null when the product was deleted since */
  productId: z.string().nullable(),
  title: z.string(),
  units: z.number().int(),
});

/** One shopper and what their open orders hold. */
export const stockHolderSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  orders: z.array(heldOrderSchema),
  products: z.array(heldProductSchema),
  /** all units held, every product */
  units: z.number().int(),
  /** the first of the orders' lapse times */
  nextLapseAt: z.string(),
});
export type StockHolder = z.infer<typeof stockHolderSchema>;

/** GET /admin/held-stock: every shopper holding stock without money, most units first. */
export const heldStockResponseSchema = z.object({
  holders: z.array(stockHolderSchema),
  /** the store's caps, for the screen's explanation */
  maxOpenOrders: z.number().int(),
  maxHeldUnits: z.number().int(),
});
export type HeldStockResponse = z.infer<typeof heldStockResponseSchema>;
