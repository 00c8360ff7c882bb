// Page titles, one rule for the server's HTML head (apps/server/src/modules/seo) and the browser's
// document.title after client navigation (apps/web), so a page keeps the title it was served with.
// Plain data and functions (no zod): the storefront's entry chunk uses them.
import type { PolicySlug, StoreInfo } from './store';
import { trimEnd } from './text';

export const policyTitles: Record<PolicySlug, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  return: 'Return and Cancellation Policy',
  shipping: 'Shipping Policy',
  about: 'About Us',
};

/** A policy page's company when the store names neither a company nor a store (policy texts' wording). */
export const POLICY_COMPANY_FALLBACK = 'our store';

/** The company a policy page names: company name, else store name, else neutral wording. */
export function policyCompanyName(
  info: Partial<Pick<StoreInfo, 'storeName' | 'companyName'>> | undefined,
): string {
  return info?.companyName?.trim() || info?.storeName?.trim() || POLICY_COMPANY_FALLBACK;
}

/** The name a page title carries: the store name, else the company name ('' when neither). */
export function titleBrand(
  info: Partial<Pick<StoreInfo, 'storeName' | 'companyName'>> | undefined,
): string {
  return info?.storeName?.trim() || info?.companyName?.trim() || '';
}

/**
 * "{page} | {store}"; the store name alone for the home page (spec section 1: the title is the
 * store name), the page alone when the store has no name.
 */
export function documentTitle(page: string | null | undefined, brand: string): string {
  const name = page?.trim();
  if (!name) return brand;
  return brand ? `${name} | ${brand}` : name;
}

/** Spec section 2: a policy page's title is the policy title plus the company name. */
export function policyDocumentTitle(
  slug: PolicySlug,
  info: Partial<Pick<StoreInfo, 'storeName' | 'companyName'>> | undefined,
): string {
  return `${policyTitles[slug]} | ${policyCompanyName(info)}`;
}

/** The page name of a 404, in the head and the tab. */
export const NOT_FOUND_PAGE = 'Page not found';

/** Page names of the fixed routes (the product, listing and policy pages have their own). */
export const fixedPageNames: Readonly<Record<string, string>> = {
  '/cart': 'Shopping Cart',
  '/wishlist': 'Wishlist',
  '/track-order': 'Track Your Order',
  '/contact': 'Contact Us',
  '/api-test': 'API Test',
  '/order-success': 'Order Placed',
  '/login': 'Sign In',
  '/register': 'Create Account',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/unsubscribe': 'Cart Reminders',
  '/newsletter': 'Newsletter',
  '/account': 'My Account',
  '/checkout': 'Checkout',
  '/orders': 'My Orders',
  '/payment': 'Payment',
  '/404': NOT_FOUND_PAGE,
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the listing's heading is built from: its URL's parameters. */
export interface ListingHeadingParams {
  q?: string | undefined;
  category?: string | undefined;
  parentCategory?: string | undefined;
  featured: boolean;
}

/**
 * Listing heading (spec section 2), also the listing's page name: a search's words, else parent
 * category, else men/women wording, else capitalised category, else All Products.
 */
export function listingHeading(params: ListingHeadingParams): string {
  if (params.q) return `Results for “${params.q}”`;
  if (params.parentCategory) return params.parentCategory;
  const category = params.category;
  if (!category) return params.featured ? 'Featured Products' : 'All Products';
  if (category.toLowerCase() === 'men') return "Men's Ethnic Wear";
  if (category.toLowerCase() === 'women') return "Women's Ethnic Wear";
  return capitalise(category);
}

/** The listing's page name: its heading, and the page number past the first (each page its own title). */
export function listingPageName(params: ListingHeadingParams, page: number): string {
  const heading = listingHeading(params);
  return page > 1 ? `${heading}, page ${page}` : heading;
}

/**
 * The shopper's own pages and the steps of buying: the server sends them unrendered (the browser
 * renders them, apps/web entry-server.tsx) and asks search engines not to index them (some carry an
 * order id or a token in their URL; apps/server modules/seo/page-head.ts).
 */
export const PRIVATE_PAGE_PATHS: ReadonlySet<string> = new Set([
  '/cart',
  '/wishlist',
  '/checkout',
  '/account',
  '/orders',
  '/payment',
  '/order-success',
  '/track-order',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/newsletter',
  '/api-test',
]);

/**
 * Whether `pathname` ("/cart", "/cart/", "/CART") is one of the private pages: in any letter case,
 * as React Router matches it (the browser shows /CART as the cart).
 */
export function isPrivatePage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return PRIVATE_PAGE_PATHS.has(path.length > 1 ? trimEnd(path, '/') : path);
}
