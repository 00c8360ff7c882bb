import { ORDER_MAX_QUANTITY } from '@store/contracts/limits';
import { effectivePrice } from '@store/contracts/money';
import type {
  ImageSrcset,
  Product,
  ProductAttribute,
  ProductVariant,
} from '@store/contracts/products';
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
}

const IN_STOCK: Availability = { status: 'in_stock', left: null };

/** Reads an availability defensively: older answers and fixtures have none (treated as in stock). */
function readAvailability(value: unknown): Availability {
  if (!value || typeof value !== 'object') return IN_STOCK;
  const { status, left } = value as { status?: unknown; left?: unknown };
  if (status !== 'sold_out' && status !== 'low_stock' && status !== 'in_stock') return IN_STOCK;
  return { status, left: typeof left === 'number' ? left : null };
}

function readVariants(value: unknown): ProductVariant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    if (!v || typeof v !== 'object') return [];
    const { size, color, availability } = v as Record<string, unknown>;
    return [
      {
        size: typeof size === 'string' ? size : null,
        color: typeof color === 'string' ? color : null,
        availability: readAvailability(availability),
      },
    ];
  });
}

function attributeValues(
  attributes: readonly ProductAttribute[],
  keys: readonly string[],
): string[] {
  const attribute = attributes.find((a) => keys.includes(a.key.trim().toLowerCase()));
  return (attribute?.value ?? []).map((v) => v.trim()).filter(Boolean);
}

/** Uploaded images' renditions keyed by URL; nothing at all when the product has none. */
function srcsetsOf(product: Product): Pick<ProductView, 'srcsets'> {
  const srcsets: Record<string, ImageSrcset> = {};
  if (product.imgUrl && product.imgSrcset) srcsets[product.imgUrl] = product.imgSrcset;
  for (const i of product.images ?? []) if (i.url && i.srcset) srcsets[i.url] = i.srcset;
  return Object.keys(srcsets).length > 0 ? { srcsets } : {};
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
    ...srcsetsOf(product),
    category: product.category ?? '',
    parentCategory: product.parentCategory ?? null,
    sizes: attributeValues(attributes, ['size', 'sizes']),
    // 'colour' too: the spec names color/colours/colors, and the catalogue spells it Colour.
    colors: attributeValues(attributes, ['color', 'colour', 'colours', 'colors']),
    featured: attributeValues(attributes, ['featured']).some((v) =>
      v.toLowerCase().includes('true'),
    ),
    attributes,
    availability: readAvailability((product as Partial<Product>).availability),
    variants: readVariants((product as Partial<Product>).variants),
  };
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
