import type { FetchQueryOptions } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { isPinCode } from '@store/contracts/delivery';
import { pincodeQueryOptions } from '@/features/delivery/api/get-pincode';
import { pinFromUrl } from '@/features/delivery/lib/delivery-pin-input';
import { featuredProductsQueryOptions } from '@/features/products/api/get-featured-products';
import { productQueryOptions } from '@/features/products/api/get-product';
import { productFacetsQueryOptions } from '@/features/products/api/get-product-facets';
import { productsQueryOptions } from '@/features/products/api/get-products';
import { relatedProductsQueryOptions } from '@/features/products/api/get-related-products';
import {
  productFacetsQuery,
  productListQuery,
  readListingParams,
} from '@/features/products/lib/listing';

/**
 * The data each public page shows first, as the TanStack Query options its screen asks for: the
 * server renderer (entry-server.tsx) fetches them before its one render pass, so the HTML has the
 * page's content and the browser hydrates from the same answers. The options are the screens'
 * own (same key, same fetch), so the screen finds them in the cache. A query not named here
 * renders as loading on the server exactly as in the browser's first render, and the browser
 * fetches it. Store information is fetched by the renderer for every page (not a query).
 * Server only: importing this from the browser's code would pull every feature's API into it.
 */
// Options of different data types in one list: the renderer only runs them.
type AnyFetchOptions = FetchQueryOptions<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const screens: {
  path: string;
  queries: (
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ) => AnyFetchOptions[];
}[] = [
  { path: '/', queries: () => [featuredProductsQueryOptions()] },
  {
    path: '/products',
    queries: (_, search) => {
      const listing = readListingParams(search);
      return [
        productsQueryOptions(productListQuery(listing)),
        productFacetsQueryOptions(productFacetsQuery(listing)),
      ];
    },
  },
  {
    path: '/product/:id',
    // the related products too: below the fold, but part of the page a crawler reads; and the
    // delivery estimate when the page is asked with `?pin=` (the Check delivery form sent before
    // its code arrived: features/delivery/components/delivery-check.tsx)
    queries: ({ id }, search) => {
      if (!id) return [];
      const pin = pinFromUrl(search);
      return [
        productQueryOptions(id),
        relatedProductsQueryOptions(id),
        ...(pin && isPinCode(pin) ? [pincodeQueryOptions(pin)] : []),
      ];
    },
  },
];

/** The queries to fetch before rendering `url` (path and query) on the server. */
export function routeQueries(url: string): AnyFetchOptions[] {
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  for (const screen of screens) {
    const match = matchPath(screen.path, pathname);
    if (match) return screen.queries(match.params, searchParams);
  }
  return [];
}
