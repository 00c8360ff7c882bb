import { effectivePrice } from '@store/contracts/money';
import type { Product, ProductAttribute } from '@store/contracts/products';

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
  category: string;
  parentCategory: string | null;
  sizes: string[];
  colors: string[];
  featured: boolean;
  attributes: ProductAttribute[];
}

function attributeValues(
  attributes: readonly ProductAttribute[],
  keys: readonly string[],
): string[] {
  const attribute = attributes.find((a) => keys.includes(a.key.trim().toLowerCase()));
  return (attribute?.value ?? []).map((v) => v.trim()).filter(Boolean);
}

export function toProductView(product: Product): ProductView {
  const attributes = product.attributes ?? [];
  const discounted = typeof product.discountedPrice === 'number' ? product.discountedPrice : null;
  const regular = typeof product.regularPrice === 'number' ? product.regularPrice : null;
  const images = (product.images ?? []).map((i) => i.url).filter(Boolean);
  return {
    id: product.id,
    name: product.title,
    description: product.description ?? '',
    price: effectivePrice(regular, discounted),
    originalPrice: discounted !== null && regular !== null ? regular : undefined,
    image: product.imgUrl || images[0] || '',
    images,
    category: product.category ?? '',
    parentCategory: product.parentCategory ?? null,
    sizes: attributeValues(attributes, ['size', 'sizes']),
    // 'colour' too: the spec names color/colours/colors, and the catalogue spells it Colour.
    colors: attributeValues(attributes, ['color', 'colour', 'colours', 'colors']),
    featured: attributeValues(attributes, ['featured']).some((v) =>
      v.toLowerCase().includes('true'),
    ),
    attributes,
  };
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
