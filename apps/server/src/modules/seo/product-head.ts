import { documentTitle } from '@store/contracts/page-title';
import type { Product } from '@store/contracts/products';
import type { HeadData } from './head-tags';
import { clip, plainText } from './page-text';
import { absoluteUrl, categoryPath, parentCategoryPath, productPath } from './site-urls';

/** The price a shopper pays (spec section 4: the discounted price when there is one). */
export const paidPrice = (p: Pick<Product, 'regularPrice' | 'discountedPrice'>) =>
  p.discountedPrice ?? p.regularPrice;

export interface ProductHeadInput {
  product: Product;
  origin: string;
  /** the store name (the brand of its products) */
  brand: string;
  /** the seller, for the Offer */
  company: string;
}

/** A product page's head: its name and words, its photo, and Product/Offer and breadcrumbs data. */
export function productHead({ product, origin, brand, company }: ProductHeadInput): HeadData {
  const url = `${origin}${productPath(product.id)}`;
  const words = plainText(product.description);
  const price = paidPrice(product);
  const description = words
    ? clip(words)
    : clip(`Buy ${product.title} online at ${brand} for ₹${price.toFixed(2)}.`);
  const images = [product.imgUrl, ...product.images.map((i) => i.url)]
    .map((u) => absoluteUrl(origin, u))
    .filter((u): u is string => u !== null);
  const uniqueImages = [...new Set(images)];
  const category = product.category.trim();
  const parent = product.parentCategory?.trim();

  const productLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.title,
    ...(words ? { description: clip(words, 5000) } : {}),
    ...(uniqueImages.length ? { image: uniqueImages } : {}),
    // the owner's SKU and barcode when the product has them (the id is its SKU otherwise)
    sku: product.sku ?? product.id,
    productID: product.id,
    ...(product.barcode ? { gtin: product.barcode } : {}),
    ...(product.weightGrams
      ? { weight: { '@type': 'QuantitativeValue', value: product.weightGrams, unitCode: 'GRM' } }
      : {}),
    ...(category || parent ? { category: [parent, category].filter(Boolean).join(' > ') } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    url,
    // Google's rules: a rating only with reviews behind it (published ones, modules/reviews)
    ...(product.rating && product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: price.toFixed(2),
      priceCurrency: 'INR',
      availability:
        product.availability.status === 'sold_out'
          ? 'https://schema.org/OutOfStock'
          : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(company ? { seller: { '@type': 'Organization', name: company } } : {}),
    },
  };

  // the same trail as the page's breadcrumbs (apps/web features/products/components/breadcrumbs.tsx)
  const crumbs: { name: string; item?: string }[] = [{ name: 'Home', item: `${origin}/` }];
  if (parent) crumbs.push({ name: parent, item: `${origin}${parentCategoryPath(parent)}` });
  if (category) crumbs.push({ name: category, item: `${origin}${categoryPath(category)}` });
  crumbs.push({ name: product.title });
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.item ? { item: crumb.item } : {}),
    })),
  };

  return {
    title: documentTitle(product.title, brand),
    description,
    canonical: url,
    ogType: 'product',
    siteName: brand,
    image: uniqueImages[0] ?? null,
    noindex: false,
    price: { amount: price, currency: 'INR' },
    jsonLd: [productLd, breadcrumbLd],
  };
}
