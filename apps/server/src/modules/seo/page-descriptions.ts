// Descriptions of the store's pages, from its store-info record. Where the spec's page head says
// "Trending Fashion" for a store without a description, these say what the store is instead
// (docs/decisions/seo-head.md): a stationery shop's pages must not be described as fashion.
import type { PolicySlug, StoreInfo } from '@store/contracts/store';
import { clip } from './page-text';

type Info = Pick<StoreInfo, 'storeName' | 'description'> &
  Partial<Pick<StoreInfo, 'companyEmail' | 'companyPhone' | 'companyAddress'>>;

/** What a store without a description of its own is (the product's catalogue, spec section 1). */
const storeSentence = (name: string) =>
  `Shop ${name} online for diaries, notebooks, paper, ink and stationery accessories, with prices in rupees and delivery across India.`;

/** Spec section 1: the store name plus its description; a sentence from the name when it has none. */
export function homeDescription(info: Info, brand: string): string {
  const description = info.description.trim();
  if (!description) return storeSentence(brand);
  return clip(brand ? `${brand} - ${description}` : description);
}

export interface ListingDescribed {
  heading: string;
  q?: string | undefined;
  featured: boolean;
  /** a category or parent category is chosen */
  filtered: boolean;
  page: number;
}

export function listingDescription(listing: ListingDescribed, brand: string): string {
  const text = listing.q
    ? `Search results for “${listing.q}” at ${brand}.`
    : listing.filtered
      ? `Buy ${listing.heading} online at ${brand}: prices in rupees, delivered across India.`
      : listing.featured
        ? `Featured products at ${brand}: our pick of diaries, notebooks, paper and stationery.`
        : `Browse all products at ${brand}: diaries, notebooks, paper, ink and stationery accessories.`;
  return clip(listing.page > 1 ? `${text} Page ${listing.page}.` : text);
}

const policySentences: Record<PolicySlug, (store: string, company: string) => string> = {
  terms: (store, company) =>
    `The terms and conditions for shopping at ${store}, agreed with ${company}.`,
  privacy: (_store, company) =>
    `How ${company} collects, uses and protects your personal information, and whom to contact about it.`,
  refund: (store) => `When and how ${store} refunds a payment, and how long a refund takes.`,
  return: (store) => `How to return or cancel an order at ${store}.`,
  shipping: (store) => `Where ${store} ships, how long delivery takes and what it costs.`,
  about: (store, company) => `About ${company}, the company behind ${store}.`,
};

export function policyDescription(slug: PolicySlug, brand: string, company: string): string {
  return clip(policySentences[slug](brand || company, company));
}

export function contactDescription(info: Info, brand: string): string {
  const ways = [
    info.companyPhone?.trim() && `call ${info.companyPhone.trim()}`,
    info.companyEmail?.trim() && `e-mail ${info.companyEmail.trim()}`,
    info.companyAddress?.trim() && `write to ${info.companyAddress.trim()}`,
  ].filter(Boolean);
  return clip(
    ways.length
      ? `Contact ${brand}: ${ways.join(', ')}.`
      : `Contact ${brand} about an order, a product or anything else.`,
  );
}

export const notFoundDescription = (brand: string) =>
  `The page you are looking for at ${brand} may have been moved, renamed or never existed.`;

/** The private and transactional pages: no one searches for them; a plain line is enough. */
export const fixedPageDescription = (page: string, brand: string) => clip(`${page} at ${brand}.`);
