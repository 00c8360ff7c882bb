import type { Product, ProductFacets, ProductListResponse } from '@store/contracts/products';
import { ApiError, apiRequest, type QueryParam } from '@/lib/api-client';
import type { ProductView } from '../lib/product-view';
import { toProductView } from '../lib/to-product-view';

// The requests of the product pages' reads and the reading of their answers, with the API client
// they go through, loaded with the first of them (the query options in get-products.ts,
// get-product.ts, get-featured-products.ts and get-product-facets.ts import this module when a
// query runs): a page the server rendered came with its data, so a phone does not load this code
// before the shopper does something (issue 25).

export interface ProductPage {
  products: ProductView[];
  total: number;
  /** pages the server will serve (it stops at MAX_RESULT_WINDOW); from total when not sent */
  totalPages?: number;
  /** with a search: the words searched after typo correction, when they differ */
  correctedQuery?: string;
}

/** GET /products; the total comes from pagination.total, or count in older answers (spec section 3). */
export async function getProducts(
  query: Record<string, QueryParam>,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const body = await apiRequest<ProductListResponse & { count?: number }>('/products', {
    query,
    signal,
  });
  const data = Array.isArray(body?.data) ? body.data : [];
  const totalPages = body?.pagination?.totalPages;
  return {
    products: data.map(toProductView),
    total: body?.pagination?.total ?? body?.count ?? data.length,
    totalPages: typeof totalPages === 'number' ? totalPages : undefined,
    correctedQuery: body?.correctedQuery || undefined,
  };
}

/**
 * Featured products for home: GET /products?featured=true&limit=4 (see
 * docs/decisions/web-featured-products.md). A failure is logged and treated as empty.
 */
export async function getFeaturedProducts(
  limit: number,
  signal?: AbortSignal,
): Promise<ProductView[]> {
  try {
    const page = await getProducts({ featured: 'true', limit, page: 1 }, signal);
    return page.products;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Failed to load featured products', error);
    return [];
  }
}

/**
 * GET /products/{id}; a failure or a missing id gives null (the page shows Product Not Found). An
 * unknown or unpublished product (404) is an answer, not a fault: it is not logged, or the server
 * render would print a stack for every crawler hit of a removed product.
 */
export async function getProduct(
  id: string | undefined,
  signal?: AbortSignal,
): Promise<ProductView | null> {
  if (!id) return null;
  try {
    const product = await apiRequest<Product>(`/products/${encodeURIComponent(id)}`, { signal });
    return product && typeof product === 'object' && 'id' in product
      ? toProductView(product)
      : null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error('Failed to load product', error);
    }
    return null;
  }
}

/**
 * GET /products/facets: one call gives every filter's counts and the parent-category chips. The
 * answer is read as the contract types it, without parsing (no zod on the storefront's path).
 */
export function getProductFacets(
  query: Record<string, QueryParam>,
  signal?: AbortSignal,
): Promise<ProductFacets> {
  return apiRequest<ProductFacets>('/products/facets', { query, signal });
}
