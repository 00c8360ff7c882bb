import { describe, expect, it } from 'vitest';
import {
  ACCESSORIES_FILTER,
  categoryTitle,
  lastPage,
  sortChoices,
  sortOf,
  withFilter,
  type ListingParams,
  listingHeading,
  paginationWindow,
  productListQuery,
  readListingParams,
  showingText,
} from './listing';
import { PRICE_RANGES, priceRangeLabel } from './filters';

const base = (over: Partial<ListingParams>): ListingParams => ({
  page: 1,
  featured: false,
  size: [],
  color: [],
  attr: [],
  inStock: false,
  ...over,
});

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
      q: undefined,
      sort: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      size: [],
      color: [],
      attr: [],
      inStock: false,
    });
    expect(readListingParams(new URLSearchParams('page=abc')).page).toBe(1);
    expect(
      readListingParams(new URLSearchParams('page=3&category=ink&featured=true')),
    ).toMatchObject({ page: 3, category: 'ink', featured: true });
  });

  it('query of section 7: gender for men/women, filter list for accessories', () => {
    expect(productListQuery(base({ page: 2, category: 'men' }))).toMatchObject({
      page: 2,
      limit: 12,
      gender: 'Men',
      filter: undefined,
    });
    expect(productListQuery(base({ category: 'Women' })).gender).toBe('Women');
    expect(productListQuery(base({ category: 'accessories' })).filter).toBe(ACCESSORIES_FILTER);
    expect(productListQuery(base({ featured: true })).featured).toBe('true');
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

  it('reads search, sort, prices, repeated lists and in stock; ignores junk', () => {
    const params = readListingParams(
      new URLSearchParams(
        'q=+fountain+pen+&sort=price_asc&minPrice=200&maxPrice=500&color=Black&color=Navy%20Blue&color=Black&attr=Ruling:Ruled&attr=junk&inStock=true',
      ),
    );
    expect(params).toMatchObject({
      q: 'fountain pen',
      sort: 'price_asc',
      minPrice: 200,
      maxPrice: 500,
      color: ['Black', 'Navy Blue'],
      attr: ['Ruling:Ruled'],
      inStock: true,
    });
    const junk = readListingParams(new URLSearchParams('sort=cheapest&minPrice=-5&maxPrice=abc'));
    expect(junk).toMatchObject({ sort: undefined, minPrice: undefined, maxPrice: undefined });
  });

  it('sends the filters as repeated parameters; sort only when chosen', () => {
    const query = productListQuery(
      base({ q: 'pen', color: ['Black', 'Red'], inStock: true, minPrice: 200 }),
    );
    expect(query).toMatchObject({
      q: 'pen',
      color: ['Black', 'Red'],
      inStock: 'true',
      minPrice: 200,
      sort: undefined,
    });
    expect(productListQuery(base({ sort: 'price_desc' })).sort).toBe('price_desc');
    // relevance without a search means nothing: the server's default (newest) is asked
    expect(productListQuery(base({ sort: 'relevance' })).sort).toBe('newest');
  });

  it('relevance is the default and a choice only with a search', () => {
    expect(sortOf({ q: 'pen' })).toBe('relevance');
    expect(sortOf({})).toBe('newest');
    expect(sortOf({ sort: 'price_asc' })).toBe('price_asc');
    expect(sortChoices('pen')).toEqual(['relevance', 'price_asc', 'price_desc', 'newest']);
    expect(sortChoices(undefined)).toEqual(['price_asc', 'price_desc', 'newest']);
  });

  it('a filter change replaces its values and goes back to page 1', () => {
    const search = new URLSearchParams('q=pen&page=4&color=Black');
    expect(withFilter(search, { color: ['Black', 'Navy Blue'] }).toString()).toBe(
      'q=pen&page=1&color=Black&color=Navy+Blue',
    );
    expect(withFilter(search, { color: [], inStock: 'true' }).toString()).toBe(
      'q=pen&page=1&inStock=true',
    );
  });

  it('price range labels and the last page', () => {
    expect(PRICE_RANGES.map(priceRangeLabel)).toEqual([
      'Under ₹200',
      '₹200 – ₹500',
      '₹500 – ₹1,000',
      '₹1,000 and above',
    ]);
    expect(lastPage(30, 12)).toBe(3);
    expect(lastPage(30, 12, 2)).toBe(2);
    expect(lastPage(0, 12)).toBe(1);
  });

  it('a search heading quotes the words', () => {
    expect(listingHeading({ q: 'fountain pen', category: 'pens', featured: false })).toBe(
      'Results for “fountain pen”',
    );
  });
});
