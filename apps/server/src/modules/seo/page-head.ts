import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lastPage, parsePage } from '@store/contracts/paging';
import {
  documentTitle,
  fixedPageNames,
  isPrivatePage,
  listingHeading,
  listingPageName,
  NOT_FOUND_PAGE,
  policyCompanyName,
  policyDocumentTitle,
  titleBrand,
} from '@store/contracts/page-title';
import { policySlugs, type PolicySlug, type StoreInfo } from '@store/contracts/store';
import type { Product } from '@store/contracts/products';
import { isUuid } from '@store/contracts/ids';
import { trimEnd } from '@store/contracts/text';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/limits';
import { lastServedPage } from '../products/product-listing.service';
import { ProductNotFound, productEntry } from '../products/products.routes';
import { renderHead, type HeadData } from './head-tags';
import {
  contactDescription,
  fixedPageDescription,
  homeDescription,
  listingDescription,
  notFoundDescription,
  policyDescription,
} from './page-descriptions';
import { routedUrl } from '../../lib/request-path';
import { productHead } from './product-head';
import { absoluteUrl, pathWithQuery, siteOrigin } from './site-urls';
import { listingGroups, type ListingGroup } from './sitemap.service';

export interface PageHead {
  /** what the page's response should say: 404 for an unknown path, product or policy */
  status: 200 | 404;
  /** the tags for index.html's head (HEAD_MARKER): title, description, canonical, OG, Twitter, JSON-LD */
  head: string;
}

const EMPTY_INFO: StoreInfo = {
  storeName: '',
  companyName: '',
  companyAddress: '',
  companyEmail: '',
  companyPhone: '',
  companyLogoUrl: '',
  description: '',
  categories: [],
  categoryImages: {},
  policies: {},
};

interface PageContext {
  app: FastifyInstance;
  storeId: string | null;
  info: StoreInfo;
  origin: string;
  brand: string;
  /** the store's logo, absolute: the picture of a page that has none of its own */
  logo: string | null;
}

/** A head with the store's defaults; `over` says what the page changes. */
function storeHead(ctx: PageContext, over: Partial<HeadData> & Pick<HeadData, 'title'>): HeadData {
  return {
    description: homeDescription(ctx.info, ctx.brand),
    canonical: `${ctx.origin}/`,
    ogType: 'website',
    siteName: ctx.brand,
    image: ctx.logo,
    noindex: false,
    ...over,
  };
}

function notFound(ctx: PageContext, path: string): PageHead {
  const head = storeHead(ctx, {
    title: documentTitle(NOT_FOUND_PAGE, ctx.brand),
    description: notFoundDescription(ctx.brand),
    canonical: `${ctx.origin}${path}`,
    noindex: true,
  });
  return { status: 404, head: renderHead(head) };
}

/** The catalogue's listings, read once until the catalogue changes (clear) or 10 minutes pass. */
async function catalogueListings(ctx: PageContext): Promise<ListingGroup[]> {
  const { app, storeId } = ctx;
  if (!storeId) return [];
  return app.catalogueCache.memo(
    `listing-groups|${storeId}`,
    () => listingGroups(app.db, storeId),
    10 * 60_000,
  );
}

/**
 * Whether a listing without a search is a page the store has: its category one the home tiles or
 * a published product name, its parent category one a published product names, and its page
 * within the listing's last. Anything else is made up by whoever wrote the link (the page shows
 * "no products" under the visitor's words as its title), so it is not for search engines.
 * Compared as the API filters: trimmed, in any letter case (product-filters.service.ts). The
 * count is of category and parent alone: an upper bound of what the listing's other filters
 * (men/women/accessories wording, featured) leave, so a real page is never called made up.
 */
async function listingExists(
  ctx: PageContext,
  search: URLSearchParams,
  page: number,
): Promise<boolean> {
  const key = (name: string) => search.get(name)?.trim().toLowerCase() || undefined;
  const category = key('category');
  const parent = key('parentCategory');
  if (!category && !parent && page === 1) return true;
  const groups = await catalogueListings(ctx);
  const matching = groups.filter(
    (g) =>
      (!category || g.category === category) &&
      (!parent || g.parentCategory?.toLowerCase() === parent),
  );
  if (!matching.length) {
    // no published product: only a home tile's category, alone, is a page of the store's own
    const tile =
      !!category && !parent && ctx.info.categories.some((c) => c.trim().toLowerCase() === category);
    if (!tile) return false;
  }
  const count = matching.reduce((sum, g) => sum + g.count, 0);
  return page <= lastPage(count, PRODUCT_PAGE_SIZE, lastServedPage(PRODUCT_PAGE_SIZE));
}

/** `/products`' query as the listing reads it (apps/web features/products/lib/listing.ts). */
async function listingHead(ctx: PageContext, search: URLSearchParams): Promise<HeadData> {
  const text = (key: string) => search.get(key)?.replace(/\s+/g, ' ').trim() || undefined;
  const category = text('category');
  const parentCategory = text('parentCategory');
  const q = text('q');
  const featured = search.get('featured') === 'true';
  const page = parsePage(search.get('page'));
  const params = { q, category, parentCategory, featured };
  // Canonical: the listing's identity (search words, category as the home tiles write it, parent
  // category, page past the first); sort, filters, featured and tracking tags are views of it.
  const canonical = pathWithQuery('/products', [
    ['q', q],
    ['category', category?.toLowerCase()],
    ['parentCategory', parentCategory],
    ['page', page > 1 ? String(page) : undefined],
  ]);
  return storeHead(ctx, {
    title: documentTitle(listingPageName(params, page), ctx.brand),
    description: listingDescription(
      {
        heading: listingHeading(params),
        q,
        featured,
        filtered: !!(category || parentCategory),
        page,
      },
      ctx.brand,
    ),
    canonical: `${ctx.origin}${canonical}`,
    // a site's own search results are thin, endless pages: followed, not listed; a category,
    // parent or page the store does not have is the link writer's words under the store's name
    noindex: q !== undefined || !(await listingExists(ctx, search, page)),
  });
}

/**
 * The very answer of GET /api/v1/products/:id, from the same catalogue-cache entry: a draft or an
 * unknown id is a 404 in both, and the page's head and its server render cost one lookup.
 */
async function publishedProduct(
  app: FastifyInstance,
  storeId: string,
  rawId: string,
): Promise<Product | null> {
  const id = rawId.toLowerCase();
  if (!isUuid(id)) return null;
  try {
    const entry = await productEntry(app.catalogueCache, app.db, storeId, id);
    return JSON.parse(entry.body) as Product;
  } catch (err) {
    if (err instanceof ProductNotFound) return null;
    throw err;
  }
}

async function productPageHead(ctx: PageContext, path: string, rawId: string): Promise<PageHead> {
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return notFound(ctx, path);
  }
  const product = ctx.storeId ? await publishedProduct(ctx.app, ctx.storeId, id) : null;
  if (!product) return notFound(ctx, path);
  const head = productHead({
    product,
    origin: ctx.origin,
    brand: ctx.brand,
    company: ctx.info.companyName.trim() || ctx.brand,
  });
  return { status: 200, head: renderHead(head) };
}

function policyHead(ctx: PageContext, slug: PolicySlug): HeadData {
  return storeHead(ctx, {
    title: policyDocumentTitle(slug, ctx.info),
    description: policyDescription(slug, ctx.brand, policyCompanyName(ctx.info)),
    canonical: `${ctx.origin}/${slug}`,
  });
}

/** "/products/" is "/products"; "/" stays. */
const trimSlashes = (path: string) => (path.length > 1 ? trimEnd(path, '/') || '/' : path);

/**
 * The head of any storefront URL (path and query), and the status the page deserves. For the
 * server's page answer (plugins/web.ts): `reply.code(status)` and `applyHead(indexHtml, head)`.
 * The store is the request's (Host / X-Store-Domain, as the API resolves it).
 */
export async function pageHead(app: FastifyInstance, request: FastifyRequest): Promise<PageHead> {
  // decoded and without an absolute-form origin, as the router and the pages' fallback see it
  const url = new URL(routedUrl(request.url), 'http://x');
  const asSent = trimSlashes(url.pathname);
  // React Router matches paths in any letter case (/Product/<id>, /CART are those pages in the
  // browser), so the status and head match the lower-cased path; a product id keeps its case.
  const path = asSent.toLowerCase();
  const store = await app.storeFor(request);
  const info = store?.info ?? EMPTY_INFO;
  const origin = siteOrigin(app, request, store);
  // a store with no name at all is named by its address, never by a made-up brand
  const brand = titleBrand(info) || request.host || 'Online store';
  const ctx: PageContext = {
    app,
    storeId: store?.id ?? null,
    info,
    origin,
    brand,
    logo: absoluteUrl(origin, info.companyLogoUrl),
  };

  if (path === '/') {
    return {
      status: 200,
      head: renderHead(storeHead(ctx, { title: documentTitle(null, brand) })),
    };
  }
  if (path === '/products')
    return { status: 200, head: renderHead(await listingHead(ctx, url.searchParams)) };
  const productMatch = /^\/product\/([^/]+)$/i.exec(asSent);
  if (productMatch) return productPageHead(ctx, asSent, productMatch[1]!);
  if (path === '/404') return notFound(ctx, asSent);
  const fixed = fixedPageNames[path];
  if (fixed) {
    return {
      status: 200,
      head: renderHead(
        storeHead(ctx, {
          title: documentTitle(fixed, brand),
          description:
            path === '/contact'
              ? contactDescription(info, brand)
              : fixedPageDescription(fixed, brand),
          canonical: `${origin}${path}`,
          noindex: isPrivatePage(path),
        }),
      ),
    };
  }
  const slug = policySlugs.find((s) => `/${s}` === path);
  if (slug) return { status: 200, head: renderHead(policyHead(ctx, slug)) };
  return notFound(ctx, asSent);
}
