import { effectivePrice } from '@store/contracts/money';
import type {
  ImageSrcset,
  Product,
  ProductAttribute,
  ProductVariant,
} from '@store/contracts/products';
import type { Availability } from '@store/contracts/stock';
import type { ProductView } from './product-view';

// Reading the API's product into what the screens use. Only the requests use it (api/requests.ts,
// loaded with the first request): a server-rendered page's products arrive read already.

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
    ...(product.rating && product.rating.count > 0
      ? { rating: { average: product.rating.average, count: product.rating.count } }
      : {}),
  };
}
