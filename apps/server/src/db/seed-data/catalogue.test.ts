import { describe, expect, it } from 'vitest';
import { PRODUCT_WEIGHT_MAX_GRAMS } from '@store/contracts/delivery-charges';
import { GST_RATES_BP, hsnPattern } from '@store/contracts/gst';
import { seedProducts } from './catalogue';

const rateOf = (slug: string) => seedProducts.find((p) => p.slug === slug)?.gstRateBp;

describe('the demo catalogue’s GST', () => {
  it('gives every product an HSN code and a rate GST knows', () => {
    for (const p of seedProducts) {
      expect(p.hsnCode, p.slug).toMatch(hsnPattern);
      expect(GST_RATES_BP, p.slug).toContain(p.gstRateBp);
    }
  });

  it('uses the rates since 22 September 2025: notebooks, pencils, magazines nil; diaries, pens 18%; geometry box 5%', () => {
    expect(rateOf('long-notebook-pack-6')).toBe(0);
    expect(rateOf('pencil-hb-pack-12')).toBe(0);
    expect(rateOf('mechanical-pencil-05')).toBe(0);
    expect(rateOf('eraser-sharpener-combo')).toBe(0);
    expect(rateOf('calligraphy-quarterly')).toBe(0);
    expect(rateOf('classic-hardbound-diary-2025')).toBe(1800);
    expect(rateOf('gel-pen-pack-10')).toBe(1800);
    expect(rateOf('fountain-pen-ink-black')).toBe(1800);
    expect(rateOf('geometry-box')).toBe(500);
  });
});

describe('the demo catalogue’s weights', () => {
  it('weighs every product in whole grams, a ream of A4 heavier than a pen', () => {
    for (const p of seedProducts) {
      expect(Number.isSafeInteger(p.weightGrams), p.slug).toBe(true);
      expect(p.weightGrams, p.slug).toBeGreaterThan(0);
      expect(p.weightGrams, p.slug).toBeLessThanOrEqual(PRODUCT_WEIGHT_MAX_GRAMS);
    }
    const grams = (slug: string) => seedProducts.find((p) => p.slug === slug)!.weightGrams;
    expect(grams('copier-paper-a4-500')).toBeGreaterThan(grams('gel-pen-pack-10') * 10);
  });
});
