import {
  emptyDiscountForm,
  type AdminDiscount,
  type DiscountFormInput,
} from '@store/contracts/admin/discounts';
import { dateToShopLocal } from '@store/contracts/discounts';
import { paiseToRupees } from '@store/contracts/money';

/** Today at midnight in India, as the Starts field holds it. */
function todayInShop(now: Date): string {
  return `${dateToShopLocal(now).slice(0, 10)}T00:00`;
}

/** The form's values for a stored discount, or the empty form of a new one. */
export function discountFormValues(discount?: AdminDiscount, now = new Date()): DiscountFormInput {
  if (!discount) return emptyDiscountForm(todayInShop(now));
  return {
    code: discount.code ?? '',
    name: discount.name,
    kind: discount.kind,
    value:
      discount.kind === 'fixed'
        ? paiseToRupees(discount.amountPaise ?? 0)
        : discount.kind === 'free_delivery'
          ? null
          : discount.percent,
    buyQuantity: discount.buyQuantity,
    getQuantity: discount.getQuantity,
    appliesTo: discount.appliesTo,
    categoryIds: discount.categories.map((c) => c.id),
    productIds: discount.products.map((p) => p.id),
    minOrder: paiseToRupees(discount.minOrderPaise),
    startsAt: dateToShopLocal(new Date(discount.startsAt)),
    endsAt: discount.endsAt ? dateToShopLocal(new Date(discount.endsAt)) : '',
    usageLimit: discount.usageLimit,
    perCustomerLimit: discount.perCustomerLimit,
    active: discount.active,
  };
}
