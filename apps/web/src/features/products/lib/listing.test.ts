import { describe, expect, it } from 'vitest';
import {
  ACCESSORIES_FILTER,
  categoryTitle,
  distinctParentCategories,
  listingHeading,
  paginationWindow,
  productListQuery,
  readListingParams,
  showingText,
} from './listing';

describe('listing rules', () => {
  it('headings: parent category, men, women, capitalised, All Products', () => {
    expect(listingHeading({ parentCategory: 'Journals', category: 'men', featured: false })).toBe(
      'Journals',
    );
    expect(listingHeading({ category: 'men', featured: false })).toBe("Men's Ethnic Wear");
    expect(listingHeading({ category: 'women', featured: false })).toBe("Women's Ethnic Wear");
    expect(listingHeading({ category: 'diaries', featured: false })).toBe('Diaries');
    expect(listingHeading({ featured: false })).toBe('All Products');
    expect(listingHeading({ featured: true })).toBe('Featured Products');
  });

  it('category titles', () => {
    expect(categoryTitle('men')).toBe("Men's Collection");
    expect(categoryTitle('women')).toBe("Women's Collection");
    expect(categoryTitle('accessories')).toBe('Accessories');
    expect(categoryTitle('diaries')).toBe('Diaries Collection');
    expect(categoryTitle('Pens & Writing')).toBe('Pens & Writing Collection');
    expect(categoryTitle('MEN')).toBe("Men's Collection");
  });

  it('reads page (default 1), category, parentCategory, featured', () => {
    expect(readListingParams(new URLSearchParams(''))).toEqual({
      page: 1,
      featured: false,
      category: undefined,
      parentCategory: undefined,
    });
    expect(readListingParams(new URLSearchParams('page=abc')).page).toBe(1);
    expect(
      readListingParams(new URLSearchParams('page=3&category=ink&featured=true')),
    ).toMatchObject({ page: 3, category: 'ink', featured: true });
  });

  it('query of section 7: gender for men/women, filter list for accessories', () => {
    expect(productListQuery({ page: 2, category: 'men', featured: false })).toMatchObject({
      page: 2,
      limit: 12,
      gender: 'Men',
      filter: undefined,
    });
    expect(productListQuery({ page: 1, category: 'Women', featured: false }).gender).toBe('Women');
    expect(productListQuery({ page: 1, category: 'accessories', featured: false }).filter).toBe(
      ACCESSORIES_FILTER,
    );
    expect(productListQuery({ page: 1, featured: true }).featured).toBe('true');
  });

  it('pagination window: 2 either side, first and last, ellipses', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(paginationWindow(5, 10)).toEqual([
      1,
      'ellipsis-start',
      3,
      4,
      5,
      6,
      7,
      'ellipsis-end',
      10,
    ]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('showing text', () => {
    expect(showingText(1, 12, 30)).toBe('Showing 1 to 12 of 30 items');
    expect(showingText(3, 12, 30)).toBe('Showing 25 to 30 of 30 items');
  });

  it('distinct parent categories', () => {
    expect(
      distinctParentCategories([
        { parentCategory: 'A' },
        { parentCategory: null },
        { parentCategory: 'A' },
        { parentCategory: 'B' },
      ]),
    ).toEqual(['A', 'B']);
  });
});
