// Test helper: discounts made through the back office's API, as the owner's form sends them.
import type { FastifyInstance } from 'fastify';
import {
  emptyDiscountForm,
  type AdminDiscount,
  type DiscountFormInput,
} from '@store/contracts/admin/discounts';
import { dateToShopLocal } from '@store/contracts/discounts';

/** The New discount form: 10% off everything, from a day ago, no end, no limits, active. */
export const discountForm = (over: Partial<DiscountFormInput> = {}): DiscountFormInput => ({
  ...emptyDiscountForm(dateToShopLocal(new Date(Date.now() - 86_400_000))),
  value: 10,
  ...over,
});

let counter = 0;
/** A code no other test in the file uses. */
export const uniqueCode = (prefix = 'TEST') => `${prefix}${Date.now() % 100_000}${++counter}`;

export async function createDiscount(
  app: FastifyInstance,
  headers: Record<string, string>,
  over: Partial<DiscountFormInput> = {},
): Promise<AdminDiscount> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/discounts',
    headers,
    payload: discountForm(over),
  });
  if (res.statusCode !== 201) throw new Error(`discount: ${res.statusCode} ${res.body}`);
  return res.json();
}
