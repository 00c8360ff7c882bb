import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import type { ImageSrcset, ProductAttribute, ProductVariant } from '@store/contracts/products';
import type { Availability } from '@store/contracts/stock';

/** A product as the screens use it (derived fields of spec section 3). */
export interface ProductView {
  id: string;
  name: string;
  description: string;
  price: number;
  /** regular price, only when a discount exists */
  originalPrice?: number;
  image: string;
  images: string[];
  /** renditions by image URL, for uploaded images only (<picture> sources); absent in older saved copies */
  srcsets?: Record<string, ImageSrcset>;
  category: string;
  parentCategory: string | null;
  sizes: string[];
  colors: string[];
  featured: boolean;
  attributes: ProductAttribute[];
  /** the whole product; in stock when the server (or a cached answer) did not say */
  availability: Availability;
  /** per size/colour; empty when the product has no options or the server did not say */
  variants: ProductVariant[];
  /** the published reviews' average and count; absent when none is published */
  rating?: { average: number; count: number };
}

export interface VariantChoice {
  size?: string;
  color?: string;
}

/** The variants a (possibly partial) choice still allows: an unchosen option matches any. */
function matchingVariants(
  variants: readonly ProductVariant[],
  { size, color }: VariantChoice,
): ProductVariant[] {
  return variants.filter(
    (v) =>
      (size === undefined || v.size === null || v.size === size) &&
      (color === undefined || v.color === null || v.color === color),
  );
}

/**
 * What counts for a choice: the chosen variant once every option the product has is chosen, else
 * the product as a whole. A variant the server did not list is left to the server to judge.
 */
export function choiceAvailability(
  product: Pick<ProductView, 'availability' | 'variants' | 'sizes' | 'colors'>,
  choice: VariantChoice,
): Availability {
  const complete =
    (product.sizes.length === 0 || choice.size !== undefined) &&
    (product.colors.length === 0 || choice.color !== undefined);
  if (!complete || product.variants.length === 0) return product.availability;
  const [variant] = matchingVariants(product.variants, choice);
  return variant?.availability ?? product.availability;
}

/**
 * The options of one kind that cannot be bought with the other choice as it stands: every variant
 * carrying that option is sold out (e.g. size A4 when A4 is sold out in every colour, or in the
 * colour already picked).
 */
export function soldOutOptions(
  product: Pick<ProductView, 'variants' | 'sizes' | 'colors'>,
  kind: 'size' | 'color',
  choice: VariantChoice,
): string[] {
  const options = kind === 'size' ? product.sizes : product.colors;
  if (product.variants.length === 0) return [];
  return options.filter((option) => {
    const candidates = matchingVariants(
      product.variants,
      kind === 'size'
        ? { size: option, color: choice.color }
        : { size: choice.size, color: option },
    ).filter((v) => (kind === 'size' ? v.size === option : v.color === option));
    return candidates.length > 0 && candidates.every((v) => v.availability.status === 'sold_out');
  });
}

export const isSoldOut = (a: Availability): boolean => a.status === 'sold_out';

/**
 * The most a shopper may ask for: what is left when stock is low (the server still judges), the
 * per-order cap otherwise, 0 when sold out.
 */
export function maxOrderable(a: Availability): number {
  if (a.status === 'sold_out') return 0;
  if (a.status === 'low_stock' && a.left !== null) return Math.min(a.left, ORDER_MAX_QUANTITY);
  return ORDER_MAX_QUANTITY;
}

/** The cart line's stock cap, only when it is below the per-order cap. */
export function stockCap(a: Availability): { stockLeft?: number } {
  const max = maxOrderable(a);
  return max > 0 && max < ORDER_MAX_QUANTITY ? { stockLeft: max } : {};
}

/** Sale badge: an original price exists and the price is lower. */
export function isOnSale(product: Pick<ProductView, 'price' | 'originalPrice'>): boolean {
  return product.originalPrice !== undefined && product.price < product.originalPrice;
}

export const MAX_SPECS = 10;

/** Shown by the size/colour choosers or internal flags, so not repeated as specifications. */
const NON_SPEC_KEYS = new Set([
  'size',
  'sizes',
  'color',
  'colour',
  'colors',
  'colours',
  'featured',
]);

/** Specification rows: keys containing "phone" are hidden, at most 10 (spec section 2). */
export function productSpecs(attributes: readonly ProductAttribute[]): ProductAttribute[] {
  return attributes
    .filter(
      (a) =>
        !a.key.toLowerCase().includes('phone') && !NON_SPEC_KEYS.has(a.key.trim().toLowerCase()),
    )
    .slice(0, MAX_SPECS);
}

/** Product ID badge text: the first 8 characters. */
export function shortProductId(id: string): string {
  return id.slice(0, 8);
}

/** A choice is preselected only when it is the only option. */
export function onlyOption(options: readonly string[]): string | undefined {
  return options.length === 1 ? options[0] : undefined;
}

/** The option lists a cart line keeps so the cart can ask for a choice not made yet. */
export function choiceLists(product: Pick<ProductView, 'sizes' | 'colors'>): {
  sizeOptions?: string[];
  colorOptions?: string[];
} {
  return {
    ...(product.sizes.length > 1 ? { sizeOptions: [...product.sizes] } : {}),
    ...(product.colors.length > 1 ? { colorOptions: [...product.colors] } : {}),
  };
}
