import { describe, expect, it } from 'vitest';
import { productFixture } from '@/test/fixtures';
import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import type { Product } from '@store/contracts/products';
import {
  choiceAvailability,
  isOnSale,
  maxOrderable,
  onlyOption,
  productSpecs,
  shortProductId,
  soldOutOptions,
  stockCap,
} from './product-view';
import { toProductView } from './to-product-view';

describe('toProductView (spec section 3)', () => {
  it('name = title; price = discounted, originalPrice = regular only when discounted', () => {
    const discounted = toProductView(productFixture({ regularPrice: 500, discountedPrice: 399 }));
    expect(discounted).toMatchObject({ name: 'Leather Journal', price: 399, originalPrice: 500 });
    const regular = toProductView(productFixture({ regularPrice: 500, discountedPrice: null }));
    expect(regular.price).toBe(500);
    expect(regular.originalPrice).toBeUndefined();
  });

  it('price falls back to 0', () => {
    const p = toProductView({
      ...productFixture(),
      regularPrice: undefined as unknown as number,
      discountedPrice: null,
    });
    expect(p.price).toBe(0);
  });

  it('image = imgUrl, else first image, else empty', () => {
    expect(
      toProductView(productFixture({ imgUrl: '/a.jpg', images: [{ url: '/b.jpg' }] })).image,
    ).toBe('/a.jpg');
    expect(toProductView(productFixture({ imgUrl: '', images: [{ url: '/b.jpg' }] })).image).toBe(
      '/b.jpg',
    );
    expect(toProductView(productFixture({ imgUrl: '', images: [] })).image).toBe('');
  });

  it("keeps uploaded images' renditions by URL, and none for shipped art", () => {
    const srcset = { webp: '/media/i1/320.webp 320w', avif: '/media/i1/320.avif 320w' };
    const other = { webp: '/media/i2/640.webp 640w', avif: '/media/i2/640.avif 640w' };
    const p = toProductView(
      productFixture({
        imgUrl: '/media/i1/320.webp',
        imgSrcset: srcset,
        images: [
          { url: '/media/i1/320.webp', srcset },
          { url: '/media/i2/640.webp', srcset: other },
          { url: '/b.jpg' },
        ],
      }),
    );
    expect(p.srcsets).toEqual({ '/media/i1/320.webp': srcset, '/media/i2/640.webp': other });
    expect(
      toProductView(productFixture({ imgUrl: '/a.jpg', images: [{ url: '/b.jpg' }] })),
    ).not.toHaveProperty('srcsets');
  });

  it('sizes, colours and featured from attributes, keys case-insensitive', () => {
    const p = toProductView(
      productFixture({
        attributes: [
          { key: 'Sizes', value: ['A4', 'A5'] },
          { key: 'COLOURS', value: ['Red'] },
          { key: 'Featured', value: ['TRUE'] },
        ],
      }),
    );
    expect(p).toMatchObject({ sizes: ['A4', 'A5'], colors: ['Red'], featured: true });
    const q = toProductView(
      productFixture({
        attributes: [
          { key: 'color', value: ['Blue'] },
          { key: 'featured', value: ['no'] },
        ],
      }),
    );
    expect(q).toMatchObject({ sizes: [], colors: ['Blue'], featured: false });
    expect(
      toProductView(productFixture({ attributes: [{ key: 'Colour', value: ['Black'] }] })).colors,
    ).toEqual(['Black']);
  });

  it('sale only when price is below the original price', () => {
    expect(isOnSale({ price: 80, originalPrice: 100 })).toBe(true);
    expect(isOnSale({ price: 100, originalPrice: 100 })).toBe(false);
    expect(isOnSale({ price: 100 })).toBe(false);
  });

  it('specs hide phone keys (and chooser/flag keys) and stop at 10', () => {
    const attributes = [
      { key: 'Support Phone', value: ['123'] },
      { key: 'Size', value: ['A5'] },
      ...Array.from({ length: 12 }, (_, i) => ({ key: `Spec ${i}`, value: ['x'] })),
    ];
    const specs = productSpecs(attributes);
    expect(specs).toHaveLength(10);
    expect(specs.some((s) => /phone|size/i.test(s.key))).toBe(false);
  });

  it('short id and single-option preselection', () => {
    expect(shortProductId('0123456789abcdef')).toBe('01234567');
    expect(onlyOption(['One Size'])).toBe('One Size');
    expect(onlyOption(['A4', 'A5'])).toBeUndefined();
  });
});

describe('availability', () => {
  it('an answer without availability or variants (older server, cached data) reads as in stock', () => {
    const { availability, variants, ...older } = productFixture();
    void availability;
    void variants;
    const view = toProductView(older as unknown as Product);
    expect(view.availability).toEqual({ status: 'in_stock', left: null });
    expect(view.variants).toEqual([]);
    expect(maxOrderable(view.availability)).toBe(ORDER_MAX_QUANTITY);
  });

  const twoByTwo = toProductView(
    productFixture({
      attributes: [
        { key: 'Size', value: ['A4', 'A5'] },
        { key: 'Colour', value: ['Red', 'Blue'] },
      ],
      availability: { status: 'in_stock', left: null },
      variants: [
        { size: 'A4', color: 'Red', availability: { status: 'sold_out', left: null } },
        { size: 'A4', color: 'Blue', availability: { status: 'low_stock', left: 2 } },
        { size: 'A5', color: 'Red', availability: { status: 'sold_out', left: null } },
        { size: 'A5', color: 'Blue', availability: { status: 'in_stock', left: null } },
      ],
    }),
  );

  it('the chosen variant counts once every option is chosen, the product before that', () => {
    expect(choiceAvailability(twoByTwo, { size: 'A4' }).status).toBe('in_stock');
    expect(choiceAvailability(twoByTwo, { size: 'A4', color: 'Red' }).status).toBe('sold_out');
    expect(choiceAvailability(twoByTwo, { size: 'A4', color: 'Blue' })).toEqual({
      status: 'low_stock',
      left: 2,
    });
  });

  it('an option is marked sold out only when no variant with it (and the other choice) is left', () => {
    expect(soldOutOptions(twoByTwo, 'color', {})).toEqual(['Red']);
    expect(soldOutOptions(twoByTwo, 'size', {})).toEqual([]);
    expect(soldOutOptions(twoByTwo, 'size', { color: 'Red' })).toEqual(['A4', 'A5']);
    expect(soldOutOptions(twoByTwo, 'size', { color: 'Blue' })).toEqual([]);
  });

  it('the most one may ask for: what is left when low, nothing when sold out', () => {
    expect(maxOrderable({ status: 'low_stock', left: 3 })).toBe(3);
    expect(maxOrderable({ status: 'sold_out', left: null })).toBe(0);
    expect(stockCap({ status: 'low_stock', left: 3 })).toEqual({ stockLeft: 3 });
    expect(stockCap({ status: 'in_stock', left: null })).toEqual({});
  });
});
