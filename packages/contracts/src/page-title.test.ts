import { describe, expect, it } from 'vitest';
import {
  documentTitle,
  isPrivatePage,
  listingPageName,
  policyDocumentTitle,
  titleBrand,
} from './page-title';

describe('page titles', () => {
  it('home is the store name alone; a page is "{page} | {store}"', () => {
    expect(documentTitle(null, 'Kagaz & Kalam')).toBe('Kagaz & Kalam');
    expect(documentTitle('Linen Diary', 'Kagaz & Kalam')).toBe('Linen Diary | Kagaz & Kalam');
    expect(documentTitle('Linen Diary', '')).toBe('Linen Diary');
  });

  it('policies name the company, else the store, else neutral wording (spec section 2)', () => {
    expect(policyDocumentTitle('privacy', { storeName: 'K', companyName: 'K Pvt Ltd' })).toBe(
      'Privacy Policy | K Pvt Ltd',
    );
    expect(policyDocumentTitle('about', { storeName: 'K', companyName: ' ' })).toBe('About Us | K');
    expect(policyDocumentTitle('terms', undefined)).toBe('Terms and Conditions | our store');
  });

  it('the brand is the store name, else the company name', () => {
    expect(titleBrand({ storeName: ' ', companyName: 'K Pvt Ltd' })).toBe('K Pvt Ltd');
  });

  it('listing pages: heading, and the page number past the first', () => {
    expect(listingPageName({ category: 'diaries', featured: false }, 1)).toBe('Diaries');
    expect(listingPageName({ featured: false }, 2)).toBe('All Products, page 2');
    expect(listingPageName({ q: 'ink', featured: false }, 1)).toBe('Results for “ink”');
  });
});

describe('private pages', () => {
  it("the shopper's own pages and the buying steps, with or without a trailing slash", () => {
    for (const path of ['/cart', '/checkout/', '/orders', '/payment', '/login', '/reset-password'])
      expect(isPrivatePage(path), path).toBe(true);
    // React Router matches paths in any letter case: /CART is the cart
    for (const path of ['/CART', '/Account/', '/Reset-Password'])
      expect(isPrivatePage(path), path).toBe(true);
    for (const path of ['/', '/products', '/product/abc', '/terms', '/contact', '/404', '/cartx'])
      expect(isPrivatePage(path), path).toBe(false);
  });
});

describe('isPrivatePage on a long run of slashes', () => {
  it('answers in linear time (a URL of 16,000 slashes and a letter took 0.75 s)', () => {
    const path = '/'.repeat(16_000) + 'a';
    const start = performance.now();
    expect(isPrivatePage(path)).toBe(false);
    expect(isPrivatePage('/cart' + '/'.repeat(16_000))).toBe(true);
    expect(performance.now() - start).toBeLessThan(50);
  });
});
