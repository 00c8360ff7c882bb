import { z } from 'zod';
import { controlCharacters, messages } from '../common';
import {
  COUPON_CODE_MAX,
  couponCodePattern,
  discountKinds,
  discountScopes,
  normalizeCouponCode,
  shopLocalPattern,
  shopLocalToDate,
} from '../discounts';
import {
  adminMessages,
  adminPageQuery,
  optionalQueryText,
  pageOf,
  rupeesInputSchema,
} from './common';

export const discountMessages = {
  code: `A code is 3 to ${COUPON_CODE_MAX} letters or digits (- and _ allowed), or empty for an automatic offer`,
  codeTaken: (code: string) => `There is already a discount with the code ${code}`,
  kind: 'Choose a type',
  percent: 'Enter a percentage above 0 and at most 100, with at most 2 decimals',
  amount: 'Enter an amount above ₹0',
  buyQuantity: 'Enter how many the shopper buys: a whole number from 1 to 99',
  getQuantity: 'Enter how many they get: a whole number from 1 to 99',
  scope: 'Choose what it applies to',
  categories: 'Choose at least one category',
  products: 'Choose at least one product',
  startsAt: 'Enter the date and time it starts',
  endsAt: 'Enter a date and time, or leave it empty for no end',
  endsBeforeStart: 'Ends must be after Starts',
  usageLimit: 'Enter a whole number of 1 or more, or leave it empty for no limit',
  notFound: 'Discount not found',
  unknownCategory: 'One of the chosen categories no longer exists',
  unknownProduct: 'One of the chosen products no longer exists',
} as const;

const optionalLimit = z
  .number({ error: discountMessages.usageLimit })
  .int(discountMessages.usageLimit)
  .min(1, discountMessages.usageLimit)
  .max(10_000_000, discountMessages.usageLimit)
  .nullable();

const idList = (max: number) => z.array(z.string().max(64)).max(max, `At most ${max}`);

/**
 * POST /admin/discounts and PUT /admin/discounts/:id: the New discount form. `code` '' makes an
 * automatic offer; `value` is a percentage (Percentage; Buy X get Y: off the free units, 100 =
 * free) or rupees (Fixed amount), ignored for Free delivery. Starts and Ends are the shop's local
 * date and time ("2026-11-01T00:00", India's time); Ends '' has no end. Limits null: none.
 */
export const discountFormSchema = z
  .object({
    code: z
      .string()
      .max(COUPON_CODE_MAX + 20, discountMessages.code)
      .transform(normalizeCouponCode)
      .refine((v) => v === '' || couponCodePattern.test(v), discountMessages.code),
    name: z
      .string()
      .trim()
      .max(80, 'Name must be at most 80 characters')
      .refine((v) => !controlCharacters.test(v), messages.controlCharacters),
    kind: z.enum(discountKinds, { error: discountMessages.kind }),
    value: z
      .number({ error: 'Enter a value' })
      .min(0, 'Enter a value of 0 or more')
      .max(10_000_000, 'Enter at most ₹1,00,00,000')
      .nullable(),
    buyQuantity: z.number().nullable(),
    getQuantity: z.number().nullable(),
    appliesTo: z.enum(discountScopes, { error: discountMessages.scope }),
    categoryIds: idList(200),
    productIds: idList(500),
    minOrder: rupeesInputSchema,
    startsAt: z.string().regex(shopLocalPattern, discountMessages.startsAt),
    endsAt: z.string().refine((v) => v === '' || shopLocalPattern.test(v), discountMessages.endsAt),
    usageLimit: optionalLimit,
    perCustomerLimit: optionalLimit,
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
    if (v.kind === 'percentage' || v.kind === 'buy_x_get_y') {
      if (v.value === null || v.value <= 0 || v.value > 100 || !twoDecimals(v.value))
        issue('value', discountMessages.percent);
    }
    if (v.kind === 'fixed') {
      const amount = rupeesInputSchema.safeParse(v.value);
      if (v.value === null || !amount.success) issue('value', adminMessages.priceFormat);
      else if (v.value <= 0) issue('value', discountMessages.amount);
    }
    if (v.kind === 'buy_x_get_y') {
      const whole = (n: number | null) => n !== null && Number.isInteger(n) && n >= 1 && n <= 99;
      if (!whole(v.buyQuantity)) issue('buyQuantity', discountMessages.buyQuantity);
      if (!whole(v.getQuantity)) issue('getQuantity', discountMessages.getQuantity);
    }
    if (v.appliesTo === 'categories' && v.categoryIds.length === 0)
      issue('categoryIds', discountMessages.categories);
    if (v.appliesTo === 'products' && v.productIds.length === 0)
      issue('productIds', discountMessages.products);
    const starts = shopLocalToDate(v.startsAt);
    if (!starts) issue('startsAt', discountMessages.startsAt);
    if (v.endsAt !== '') {
      const ends = shopLocalToDate(v.endsAt);
      if (!ends) issue('endsAt', discountMessages.endsAt);
      else if (starts && ends <= starts) issue('endsAt', discountMessages.endsBeforeStart);
    }
  });
export type DiscountForm = z.output<typeof discountFormSchema>;
export type DiscountFormInput = z.input<typeof discountFormSchema>;

/** The New discount form before anything is typed: a percentage off everything, from `startsAt`. */
export function emptyDiscountForm(startsAt: string): DiscountFormInput {
  return {
    code: '',
    name: '',
    kind: 'percentage',
    value: null,
    buyQuantity: null,
    getQuantity: null,
    appliesTo: 'all',
    categoryIds: [],
    productIds: [],
    minOrder: 0,
    startsAt,
    endsAt: '',
    usageLimit: null,
    perCustomerLimit: null,
    active: true,
  };
}

/** PATCH /admin/discounts/:id: switch a discount on or off (Deactivate / Activate). */
export const discountActiveBodySchema = z.object({ active: z.boolean() }).strict();

/** A discount as the back office shows it. Money in paise; instants ISO. */
export const adminDiscountSchema = z.object({
  id: z.string(),
  /** null: an automatic offer */
  code: z.string().nullable(),
  name: z.string(),
  /** its name, or what it gives in a shopper's words (contracts/discounts.ts describeDiscount) */
  description: z.string(),
  kind: z.enum(discountKinds),
  /** percentage and buy X get Y: percent (10 = 10%) */
  percent: z.number().nullable(),
  amountPaise: z.number().int().nullable(),
  buyQuantity: z.number().int().nullable(),
  getQuantity: z.number().int().nullable(),
  appliesTo: z.enum(discountScopes),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  minOrderPaise: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** orders that used it and were not cancelled */
  used: z.number().int(),
  /** active, and today between Starts and Ends */
  status: z.enum(['active', 'scheduled', 'expired', 'inactive', 'used_up']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

/** GET /admin/discounts?q=&status=&page=&limit= (q: code or name) */
export const adminDiscountListQuerySchema = z.object({
  q: optionalQueryText(100),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['active', 'scheduled', 'expired', 'inactive', 'used_up']).optional(),
  ),
  ...adminPageQuery,
});
export type AdminDiscountListQuery = z.output<typeof adminDiscountListQuerySchema>;
export const adminDiscountListSchema = pageOf(adminDiscountSchema);
export type AdminDiscountList = z.infer<typeof adminDiscountListSchema>;
