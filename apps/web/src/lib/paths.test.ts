import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('encodes a product id as one path segment', () => {
    expect(paths.product('p1')).toBe('/product/p1');
    expect(paths.product('a b/c?d#e')).toBe('/product/a%20b%2Fc%3Fd%23e');
  });

  it('builds the listing query from the filters given, in a fixed order', () => {
    expect(paths.products()).toBe('/products');
    expect(paths.products({ featured: true })).toBe('/products?featured=true');
    expect(paths.products({ featured: false })).toBe('/products');
    expect(paths.products({ category: 'diaries & notebooks' })).toBe(
      '/products?category=diaries%20%26%20notebooks',
    );
    expect(paths.products({ page: 2, parentCategory: 'Pens/Inks', category: 'accessories' })).toBe(
      '/products?category=accessories&parentCategory=Pens%2FInks&page=2',
    );
    expect(paths.products({ q: 'fountain pen & ink', category: 'pens' })).toBe(
      '/products?q=fountain%20pen%20%26%20ink&category=pens',
    );
  });

  it('links a store category by its lowercased name', () => {
    expect(paths.category('Diaries & Notebooks')).toBe(
      '/products?category=diaries%20%26%20notebooks',
    );
  });

  it('puts order ids in the query, encoded', () => {
    expect(paths.payment('K7M2QX9P')).toBe('/payment?orderId=K7M2QX9P');
    expect(paths.payment('a&b c')).toBe('/payment?orderId=a%26b%20c');
    expect(paths.trackOrder()).toBe('/track-order');
    expect(paths.trackOrder('K7M2 QX9P')).toBe('/track-order?id=K7M2%20QX9P');
  });

  it('serves policy pages at the root', () => {
    expect(paths.policy('terms')).toBe('/terms');
    expect(paths.policy('about')).toBe('/about');
  });
});
