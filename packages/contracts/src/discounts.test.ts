import { describe, expect, it } from 'vitest';
import { discountFormSchema, emptyDiscountForm } from './admin/discounts';
import {
  couponCodePattern,
  dateToShopLocal,
  describeDiscount,
  formatShopMoment,
  normalizeCouponCode,
  shopLocalToDate,
} from './discounts';

describe('coupon codes', () => {
  it('are read without spaces, in upper case', () => {
    expect(normalizeCouponCode(' diwali 10 ')).toBe('DIWALI10');
    expect(couponCodePattern.test('DIWALI-10_X')).toBe(true);
    expect(couponCodePattern.test('AB')).toBe(false);
    expect(couponCodePattern.test('SAVE!')).toBe(false);
  });
});

describe("the shop's time (India, +05:30 all year)", () => {
  it('reads Starts and Ends as India’s local time, and back', () => {
    const at = shopLocalToDate('2026-11-01T00:00')!;
    expect(at.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(dateToShopLocal(at)).toBe('2026-11-01T00:00');
    expect(shopLocalToDate('2026-02-30T10:00')).toBeNull();
    expect(shopLocalToDate('2026-11-01')).toBeNull();
  });

  it('writes a moment as the shop says it: the day, and the time unless midnight', () => {
    expect(formatShopMoment(new Date('2026-10-31T18:30:00Z'))).toBe('1 Nov 2026');
    expect(formatShopMoment(new Date('2026-11-01T13:00:00Z'))).toBe('1 Nov 2026, 6:30 pm');
    expect(formatShopMoment(new Date('2026-11-01T07:00:00Z'))).toBe('1 Nov 2026, 12:30 pm');
  });
});

describe('a discount in a shopper’s words', () => {
  const base = {
    percentBp: null,
    amountPaise: null,
    buyQuantity: null,
    getQuantity: null,
    minOrderPaise: 0,
    scope: 'all' as const,
  };
  it.each([
    [
      { kind: 'percentage' as const, percentBp: 1250, minOrderPaise: 99_900 },
      '12.5% off on orders of ₹999 or more',
    ],
    [
      { kind: 'fixed' as const, amountPaise: 10_050, scope: 'products' as const },
      '₹100.50 off selected items',
    ],
    [{ kind: 'free_delivery' as const }, 'Free delivery'],
    [
      { kind: 'buy_x_get_y' as const, percentBp: 10_000, buyQuantity: 2, getQuantity: 1 },
      'Buy 2 get 1 free',
    ],
    [
      { kind: 'buy_x_get_y' as const, percentBp: 5_000, buyQuantity: 3, getQuantity: 2 },
      'Buy 3 get 2 at 50% off',
    ],
  ])('%j → %s', (rule, words) => {
    expect(describeDiscount({ ...base, ...rule })).toBe(words);
  });
});

describe('the New discount form’s schema', () => {
  const form = { ...emptyDiscountForm('2026-11-01T00:00'), code: ' save 10 ', value: 10 };
  it('gives out the code as stored', () => {
    expect(discountFormSchema.parse(form).code).toBe('SAVE10');
  });
  it('names the field of each problem', () => {
    const result = discountFormSchema.safeParse({ ...form, value: -1, endsAt: '2026-10-01T00:00' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'value',
      'Enter a value of 0 or more',
    ]);
  });
});
